import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DealsPage, DealTab } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { dealKeys } from './deal-keys';

/** A tab of /deals, most recently moved first, a page at a time. */
export const dealsQuery = (tab: DealTab) =>
  infiniteQueryOptions({
    queryKey: dealKeys.list(tab),
    queryFn: ({ pageParam, signal }) =>
      apiCall<DealsPage>(
        `/deals?tab=${tab}&limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useDeals = (tab: DealTab) => useInfiniteQuery(dealsQuery(tab));
