import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { forgetSession, markSignedOutHere } from '../../../lib/session';

/** Deletes the caller's account, confirmed with the password; every session ends. */
export const deleteAccount = (body: DeleteAccountBody) =>
  apiRequest(
    '/me',
    // Loaded with the request: zod stays out of the account screen's first script.
    import('zod').then(({ z }) => z.null()),
    { method: 'DELETE', body },
  );

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => deleteAccount({ password }),
    onSuccess: () => {
      markSignedOutHere();
      forgetSession(queryClient);
    },
  });
}
