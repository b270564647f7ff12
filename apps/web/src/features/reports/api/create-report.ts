import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, ReportReceipt } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

/**
 * A member's report of a user, one of their messages, their profile or a published review or
 * reply (201, or 200 when open).
 */
export const createReport = (body: CreateReportBody) =>
  apiCall<ReportReceipt>('/reports', { method: 'POST', body });

export const useCreateReport = () => useMutation({ mutationFn: createReport });
