import { useMutation } from '@tanstack/react-query';
import type { SignupAccepted, SignupBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

/**
 * Asks for an account. The answer is the same whether or not the email has one: the way in is
 * the link mailed to it (or, for an address with an account, a notice to its owner).
 */
export const signUp = (body: SignupBody) =>
  apiCall<SignupAccepted>('/auth/signup', { method: 'POST', body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
