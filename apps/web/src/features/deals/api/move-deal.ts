import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DealMoveResponse, Message, PartyDealAction, StartDealBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { retryWhileLost } from '../../../lib/retry';
import { dealKeys } from './deal-keys';

/** A first move (to a partner) or a move on a deal, with the client id that makes it once. */
export type DealMoveInput =
  | { partnerId: string; clientId: string; action: StartDealBody['action'] }
  | { dealId: string; clientId: string; action: PartyDealAction };

const answerSchema = () => loadContracts().then((contracts) => contracts.dealMoveResponseSchema);

/** `POST /deals` or `POST /deals/{id}/actions`: the deal after the move and its chat message. */
export const moveDeal = (input: DealMoveInput): Promise<DealMoveResponse> =>
  'dealId' in input
    ? apiRequest(`/deals/${encodeURIComponent(input.dealId)}/actions`, answerSchema(), {
        method: 'POST',
        body: { clientId: input.clientId, action: input.action },
      })
    : apiRequest('/deals', answerSchema(), {
        method: 'POST',
        body: { partnerId: input.partnerId, clientId: input.clientId, action: input.action },
      });

/**
 * Sends a move, retrying while the answer is lost: the same client id each time, which the server
 * takes once.
 */
export const moveWithRetry = (input: DealMoveInput, attempts = 4): Promise<DealMoveResponse> =>
  retryWhileLost(() => moveDeal(input), { attempts, maxDelayMs: 4000 });

/** A move's answer in the cache: the deal as it is now, and the lists read again. */
export function settleMove(queryClient: QueryClient, { deal }: DealMoveResponse): void {
  queryClient.setQueryData(dealKeys.one(deal.id), deal);
  void queryClient.invalidateQueries({ queryKey: dealKeys.lists });
}

/**
 * A move from a screen: the deal's answer goes into its cache and the lists are read again;
 * `onMessage` gets the move's chat message (the chat puts it in its conversation at once, as the
 * socket would).
 */
export function useMoveDeal(onMessage?: (message: Message) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DealMoveInput) => moveWithRetry(input),
    onSuccess: (answer) => {
      settleMove(queryClient, answer);
      onMessage?.(answer.message);
    },
  });
}

/** A new client id for a move: the server stores a move once per id. */
export const newClientId = () => `deal-${crypto.randomUUID()}`;
