import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NegotiationSettings, NegotiationSettingsBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { negotiationKeys } from './negotiation-keys';

/** Replaces the business's settings whole; the answer is what the server kept. */
export const saveNegotiationSettings = (
  body: NegotiationSettingsBody,
): Promise<NegotiationSettings> =>
  apiRequest(
    '/me/negotiation',
    loadContracts().then((contracts) => contracts.negotiationSettingsSchema),
    { method: 'PUT', body },
  );

export function useSaveNegotiationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNegotiationSettings,
    onSuccess: (settings) => queryClient.setQueryData(negotiationKeys.settings, settings),
  });
}
