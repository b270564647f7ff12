import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NegotiationSettings } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { negotiationKeys } from './negotiation-keys';

/** The signed-in business's choices for Maya answering its quote requests. */
export const negotiationSettingsQuery = queryOptions({
  queryKey: negotiationKeys.settings,
  queryFn: ({ signal }) => apiCall<NegotiationSettings>('/me/negotiation', { signal }),
});

export const useNegotiationSettings = () => useQuery(negotiationSettingsQuery);
