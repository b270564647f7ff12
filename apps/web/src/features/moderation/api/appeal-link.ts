import { useMutation } from '@tanstack/react-query';
import type { Appeal, AppealByLinkBody, MyDecision } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';

/**
 * The mailed appeal link's statement of reasons. A POST with the token in its body, so the token
 * reaches no URL the server logs; a mutation, so neither the token nor the statement is kept in
 * the query cache that a signed-in browser saves.
 */
export const useOpenAppealLink = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiCall<MyDecision>('/decisions/statement', { method: 'POST', body: { token } }),
  });

/** The appeal sent through the mailed link, with no sign-in. */
export const useAppealByLink = () =>
  useMutation({
    mutationFn: (body: AppealByLinkBody) =>
      apiCall<Appeal>('/decisions/appeal', { method: 'POST', body }),
  });
