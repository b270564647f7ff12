import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LoginBody,
  PasswordResetConfirmBody,
  SessionResponse,
  SignupBody,
} from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

function useSignedIn() {
  const queryClient = useQueryClient();
  return (data: SessionResponse) => {
    queryClient.setQueryData(sessionQuery.queryKey, data.user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiCall<SessionResponse>('/auth/login', { method: 'POST', body }),
    onSuccess: signedIn,
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignupBody) =>
      apiCall<SessionResponse>('/auth/signup', { method: 'POST', body }),
    onSuccess: signedIn,
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiCall<{ message: string }>('/auth/password-reset', {
        method: 'POST',
        body: { email },
      }),
  });
}

export function useConfirmReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      apiCall<null>('/auth/password-reset/confirm', { method: 'POST', body }),
  });
}
