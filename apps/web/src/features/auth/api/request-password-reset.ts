import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestBody, acceptedSchema } from '@maya/contracts';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Mails a reset link if the account exists; the answer is the same either way. */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  apiCall<z.infer<typeof acceptedSchema>>('/auth/password-reset', { method: 'POST', body });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => requestPasswordReset({ email }) });
