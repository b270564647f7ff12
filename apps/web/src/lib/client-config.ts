import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema } from '@maya/contracts';
import { apiRequest } from './api-client';

export const clientConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest('/config', clientConfigSchema, { signal }),
  staleTime: Infinity,
});

export const useClientConfig = () => useQuery(clientConfigQuery).data;
