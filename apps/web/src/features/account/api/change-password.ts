import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';

/** A new password; the server ends every other session of the account. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest(
    '/me/password',
    // Loaded with the request: zod stays out of the account screen's first script.
    import('zod').then(({ z }) => z.null()),
    { method: 'PUT', body },
  );

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
