import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetConfirmBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

/** Sets a new password with the mailed token. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  apiCall<null>('/auth/password-reset/confirm', { method: 'POST', body });

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    // A reset ends every session of the account: this browser's too, if it was signed in to it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
