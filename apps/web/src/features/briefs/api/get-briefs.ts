import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BriefsPage } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { briefKeys } from './brief-keys';

/** The buyer's briefs, newest first, a page at a time. */
export const briefsQuery = infiniteQueryOptions({
  queryKey: briefKeys.list,
  queryFn: ({ pageParam, signal }) =>
    apiCall<BriefsPage>(
      `/briefs?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      { signal },
    ),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export const useBriefs = () => useInfiniteQuery(briefsQuery);
