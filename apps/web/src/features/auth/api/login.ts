import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

/** Signs in with email and password. */
export const login = (body: LoginBody) =>
  apiCall<SessionResponse>('/auth/login', { method: 'POST', body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}
