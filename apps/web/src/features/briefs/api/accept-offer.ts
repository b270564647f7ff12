import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { loadDealMoves } from '../../deals';
import { briefKeys } from './brief-keys';

/**
 * Accepts one business's offer from a brief's comparison with the deals' own move (`accept` of
 * the version the brief says may be accepted now; its code loads when first used), then reads the
 * brief again, which marks the deal chosen. A deal's client id is kept while its answer is lost,
 * so trying again is the same move; a refusal takes a new one.
 */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  const clientIds = useRef(new Map<string, string>());

  const move = useMutation({
    mutationFn: async ({ dealId, version }: { dealId: string; version: number }) => {
      const moves = await loadDealMoves();
      const clientId = clientIds.current.get(dealId) ?? moves.newClientId();
      clientIds.current.set(dealId, clientId);
      try {
        const answer = await moves.moveWithRetry({
          dealId,
          clientId,
          action: { type: 'accept', version },
        });
        clientIds.current.delete(dealId);
        moves.settleMove(queryClient, answer);
        return answer;
      } catch (failure) {
        if (failure instanceof ApiError && failure.status >= 400) clientIds.current.delete(dealId);
        throw failure;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: briefKeys.all }),
  });

  const accept = async (dealId: string, version: number): Promise<void> => {
    await move.mutateAsync({ dealId, version });
  };

  return { accept, pending: move.isPending };
}
