import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { dealKeys } from './deal-keys';

/** One of the viewer's deals as it is now, with the moves the server lets them take. */
export const dealQuery = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.one(dealId),
    queryFn: ({ signal }) =>
      apiCall<DealResponse>(`/deals/${encodeURIComponent(dealId)}`, { signal }).then(
        (answer) => answer.deal,
      ),
  });

export const useDeal = (dealId: string, enabled = true) =>
  useQuery({ ...dealQuery(dealId), enabled });
