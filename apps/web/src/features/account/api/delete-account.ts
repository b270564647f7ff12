import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@maya/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/session';

/** Deletes the caller's account, confirmed with the password; every session ends. */
export const deleteAccount = (body: DeleteAccountBody) =>
  apiRequest('/me', z.null(), { method: 'DELETE', body });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => deleteAccount({ password }),
    onSuccess: () => forgetSession(queryClient),
  });
}
