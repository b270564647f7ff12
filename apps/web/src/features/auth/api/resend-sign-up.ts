import { useMutation } from '@tanstack/react-query';
import type { SignupAccepted, SignupResendBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

/** Mails the sign-up's link again; the answer is the same whatever the email. */
export const resendSignUp = (body: SignupResendBody) =>
  apiCall<SignupAccepted>('/auth/signup/resend', { method: 'POST', body });

export const useResendSignUp = () => useMutation({ mutationFn: resendSignUp });
