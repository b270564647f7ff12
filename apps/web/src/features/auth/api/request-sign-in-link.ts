import { useMutation } from '@tanstack/react-query';
import type { SignInLinkRequestBody, acceptedSchema } from '@maya/contracts';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Mails a sign-in link if the account exists; the answer is the same either way. */
export const requestSignInLink = (body: SignInLinkRequestBody) =>
  apiCall<z.infer<typeof acceptedSchema>>('/auth/sign-in-link', { method: 'POST', body });

export const useRequestSignInLink = () =>
  useMutation({ mutationFn: (body: SignInLinkRequestBody) => requestSignInLink(body) });
