import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedSellers } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { directoryKeys } from './directory-keys';

/** The sellers the landing page shows off. */
export const getFeaturedSellers = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<FeaturedSellers>('/users/featured', { signal });

export const featuredSellersQuery = queryOptions({
  queryKey: directoryKeys.featured(),
  queryFn: ({ signal }) => getFeaturedSellers({ signal }),
  staleTime: 5 * 60_000,
});

export const useFeaturedSellers = () => useQuery(featuredSellersQuery);
