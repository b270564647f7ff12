import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditVerification } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

const PAGE = 50;

/** The audit log, newest first, a page at a time. */
export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: operatorKeys.audit(),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      apiCall<AuditPage>(
        `/admin/audit?limit=${PAGE}${pageParam === undefined ? '' : `&before=${pageParam}`}`,
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useAuditVerification = () =>
  useQuery({
    queryKey: operatorKeys.verification(),
    queryFn: () => apiCall<AuditVerification>('/admin/audit/verification'),
  });
