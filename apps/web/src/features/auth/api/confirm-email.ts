import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailConfirmationConfirmBody, EmailConfirmed } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { adoptSignedIn, sessionQuery } from '../../../lib/session';

/**
 * Spends a mailed confirmation link: the address is confirmed (or, for a change, taken). A
 * sign-up's link also signs in: the answer then carries the session.
 */
export const confirmEmail = (body: EmailConfirmationConfirmBody) =>
  apiCall<EmailConfirmed>('/auth/email-confirmation/confirm', { method: 'POST', body });

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: ({ session }) => {
      if (session) return adoptSignedIn(queryClient, session.user);
      // A signed-in owner's banner and email follow from the session.
      return queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
