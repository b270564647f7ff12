import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { adoptSignedIn } from '../../../lib/session';

/** Signs in with email and password. */
export const login = (body: LoginBody) =>
  apiCall<SessionResponse>('/auth/login', { method: 'POST', body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => adoptSignedIn(queryClient, user),
  });
}
