import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SavedPage } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { savedKeys } from './saved-keys';

/** The client's saved businesses that are visible now, the latest saved first. */
export const savedQuery = infiniteQueryOptions({
  queryKey: savedKeys.list(),
  queryFn: ({ pageParam, signal }) =>
    apiCall<SavedPage>(
      `/me/saved?limit=24${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      { signal },
    ),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export const useSaved = () => useInfiniteQuery(savedQuery);
