import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { sessionQuery } from '../../../lib/session';

/**
 * Asks for a new sign-in email, with the current password: it takes effect once the link mailed
 * to the new address is followed (`pendingEmail`); `user` keeps the current one.
 */
export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest(
    '/me/email',
    loadContracts().then((contracts) => contracts.changeEmailResponseSchema),
    { method: 'PUT', body },
  );

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}
