import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** Mails the signed-in account's confirmation link again (limited; a 429 says when to retry). */
export const resendEmailConfirmation = () =>
  apiCall<{ message: string }>('/auth/email-confirmation', { method: 'POST' });

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
