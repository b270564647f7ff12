import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BriefResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { briefKeys } from './brief-keys';

/** While businesses are still to answer, the brief is read again this often. */
const WAITING_REFRESH_MS = 30_000;

/** One of the buyer's briefs as it is now: who answered, and Maya's comparison once ranked. */
export const briefQuery = (id: string) =>
  queryOptions({
    queryKey: briefKeys.one(id),
    queryFn: ({ signal }) =>
      apiCall<BriefResponse>(`/briefs/${encodeURIComponent(id)}`, { signal }).then(
        (answer) => answer.brief,
      ),
    refetchInterval: (query) =>
      query.state.data?.comparison.state === 'waiting' ? WAITING_REFRESH_MS : false,
  });

export const useBrief = (id: string) => useQuery(briefQuery(id));
