import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, SignInLinkConfirmBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { adoptSignedIn } from '../../../lib/session';

/** Spends a mailed sign-in link: the answer is a session, as a password sign-in's. */
export const confirmSignInLink = (body: SignInLinkConfirmBody) =>
  apiCall<SessionResponse>('/auth/sign-in-link/confirm', { method: 'POST', body });

export function useConfirmSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSignInLink,
    onSuccess: ({ user }) => adoptSignedIn(queryClient, user),
  });
}
