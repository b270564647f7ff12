import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { apiRequest } from '../../../lib/api-client';
import { forgetSession, markSignedOutHere } from '../../../lib/session';
import { closeSocket } from '../../../lib/socket';

/** Deletes the caller's account, confirmed with the password; every session ends. */
export const deleteAccount = (body: DeleteAccountBody) =>
  apiRequest(
    '/me',
    // Loaded with the request: zod stays out of the account screen's first script.
    import('zod').then(({ z }) => z.null()),
    { method: 'DELETE', body },
  );

/**
 * The deletion and all that follows it, in the mutation's own success handler: a callback given
 * to `mutate` would not run once the account screen unmounts, and forgetting the session
 * unmounts it (its guard sends a signed-out person to /signin). So the person is taken home and
 * told first, and the session forgotten after.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (password: string) => deleteAccount({ password }),
    onSuccess: async () => {
      closeSocket();
      localStorage.clear();
      markSignedOutHere();
      toast.success(t('account.deletedToast'));
      await navigate('/', { replace: true });
      forgetSession(queryClient);
    },
  });
}
