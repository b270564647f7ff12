import { useMutation } from '@tanstack/react-query';
import type { CreateNoticeInput, NoticeReceipt } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

/** A notice of illegal content from the public form; anyone may send one (DSA Art. 16). */
export const createNotice = (body: CreateNoticeInput) =>
  apiCall<NoticeReceipt>('/notices', { method: 'POST', body });

export const useCreateNotice = () => useMutation({ mutationFn: createNotice });
