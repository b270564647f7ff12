import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, SignupBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { adoptSignedIn } from '../../../lib/session';

/** Creates the account and signs in with it. */
export const signUp = (body: SignupBody) =>
  apiCall<SessionResponse>('/auth/signup', { method: 'POST', body });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => adoptSignedIn(queryClient, user),
  });
}
