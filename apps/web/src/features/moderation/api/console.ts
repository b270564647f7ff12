import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAppeals,
  AdminReport,
  AdminUsers,
  Appeal,
  CreateDecisionBody,
  DecideAppealBody,
  Decision,
  ReportGroups,
  Transparency,
} from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

export const useReportGroups = (status: 'open' | 'resolved') =>
  useQuery({
    queryKey: moderationKeys.reports(status),
    queryFn: () => apiCall<ReportGroups>(`/admin/reports?status=${status}`),
  });

export const useReport = (id: string) =>
  useQuery({
    queryKey: moderationKeys.report(id),
    queryFn: () => apiCall<AdminReport>(`/admin/reports/${encodeURIComponent(id)}`),
  });

export const useUserSearch = (q: string) =>
  useQuery({
    queryKey: moderationKeys.users(q),
    queryFn: () => apiCall<AdminUsers>(`/admin/users?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length > 0,
  });

export const useAppeals = (status: 'open' | 'decided') =>
  useQuery({
    queryKey: moderationKeys.appeals(status),
    queryFn: () => apiCall<AdminAppeals>(`/admin/appeals?status=${status}`),
  });

export const useTransparency = (year: number) =>
  useQuery({
    queryKey: moderationKeys.transparency(year),
    queryFn: () => apiCall<Transparency>(`/admin/transparency?year=${year}`),
  });

/** Sends a decision; the caller wraps it in the fresh-code confirmation. */
export function useCreateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDecisionBody) =>
      apiCall<Decision>('/admin/decisions', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }),
  });
}

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideAppealBody }) =>
      apiCall<Appeal>(`/admin/appeals/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }),
  });
}
