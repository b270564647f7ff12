import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@maya/contracts';
import { apiCall } from './api-client';

export const clientConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiCall<ClientConfig>('/config', { signal }),
  staleTime: Infinity,
});

export const useClientConfig = () => useQuery(clientConfigQuery).data;
