import { queryOptions, useQuery } from '@tanstack/react-query';
import { featuredSellersSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';

export const featuredSellersQuery = queryOptions({
  queryKey: ['users', 'featured'],
  queryFn: ({ signal }) => apiRequest('/users/featured', featuredSellersSchema, { signal }),
  staleTime: 5 * 60_000,
});

export const useFeaturedSellers = () => useQuery(featuredSellersQuery);
