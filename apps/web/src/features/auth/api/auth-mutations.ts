import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptedSchema,
  sessionResponseSchema,
  type LoginBody,
  type PasswordResetConfirmBody,
  type SignupBody,
} from '@maya/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

function useSignedIn() {
  const queryClient = useQueryClient();
  return (data: z.infer<typeof sessionResponseSchema>) => {
    queryClient.setQueryData(sessionQuery.queryKey, data.user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiRequest('/auth/login', sessionResponseSchema, { method: 'POST', body }),
    onSuccess: signedIn,
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignupBody) =>
      apiRequest('/auth/signup', sessionResponseSchema, { method: 'POST', body }),
    onSuccess: signedIn,
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/auth/password-reset', acceptedSchema, { method: 'POST', body: { email } }),
  });
}

export function useConfirmReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      apiRequest('/auth/password-reset/confirm', z.null(), { method: 'POST', body }),
  });
}
