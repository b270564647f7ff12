import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { sessionQuery } from '../../../lib/session';

/** A new sign-in email, confirmed with the current password. */
export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest(
    '/me/email',
    loadContracts().then((contracts) => contracts.meResponseSchema),
    { method: 'PUT', body },
  );

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}
