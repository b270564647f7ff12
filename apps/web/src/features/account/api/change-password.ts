import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@maya/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** A new password; the server ends every other session of the account. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest('/me/password', z.null(), { method: 'PUT', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
