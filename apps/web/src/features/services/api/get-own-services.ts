import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Services } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { servicesKeys } from './services-keys';

/** The signed-in business's services with their prices, in their order. */
export const ownServicesQuery = queryOptions({
  queryKey: servicesKeys.own,
  queryFn: ({ signal }) => apiCall<Services>('/me/services', { signal }),
});

export const useOwnServices = () => useQuery(ownServicesQuery);
