import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MayaLog } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { dealKeys } from './deal-keys';

/** Maya's steps on one of the business's deals (`GET /deals/{id}/maya-log`, its business only). */
export const mayaLogQuery = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.mayaLog(dealId),
    queryFn: ({ signal }) =>
      apiCall<MayaLog>(`/deals/${encodeURIComponent(dealId)}/maya-log`, { signal }),
  });

/** Read only once `enabled` (the section is opened): a closed section asks nothing. */
export const useMayaLog = (dealId: string, enabled: boolean) =>
  useQuery({ ...mayaLogQuery(dealId), enabled });
