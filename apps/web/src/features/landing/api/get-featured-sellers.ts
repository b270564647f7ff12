import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedSellers } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

export const featuredSellersQuery = queryOptions({
  queryKey: ['users', 'featured'],
  queryFn: ({ signal }) => apiCall<FeaturedSellers>('/users/featured', { signal }),
  staleTime: 5 * 60_000,
});

export const useFeaturedSellers = () => useQuery(featuredSellersQuery);
