import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailConfirmationConfirmBody, EmailConfirmed } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

/** Spends a mailed confirmation link: the address is confirmed (or, for a change, taken). */
export const confirmEmail = (body: EmailConfirmationConfirmBody) =>
  apiCall<EmailConfirmed>('/auth/email-confirmation/confirm', { method: 'POST', body });

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // A signed-in owner's banner and email follow from the session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
