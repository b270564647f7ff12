import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OperatorCodeBody, OperatorSession, OperatorSignInBody } from '@maya/contracts';
import { useEffect } from 'react';
import { apiCall, ApiError } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/** The operator's session, or null when there is none (a member's session counts for nothing). */
export async function getOperatorSession(): Promise<OperatorSession | null> {
  try {
    return await apiCall<OperatorSession>('/admin/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const useOperatorSession = () =>
  useQuery({ queryKey: operatorKeys.session(), queryFn: getOperatorSession, retry: false });

/** The password step: the session then waits for a code. */
export function useOperatorSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorSignInBody) =>
      apiCall<OperatorSession>('/admin/session', { method: 'POST', body }),
    onSuccess: (session) => client.setQueryData(operatorKeys.session(), session),
  });
}

/** Sends a TOTP or recovery code: completes a sign-in, or makes a signed-in session's code fresh. */
export const sendOperatorCode = (body: OperatorCodeBody) =>
  apiCall<OperatorSession>('/admin/session/code', { method: 'POST', body });

export function useOperatorCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendOperatorCode,
    onSuccess: (session) => client.setQueryData(operatorKeys.session(), session),
  });
}

/** The console forgets its operator: the session goes first, so the screens are gone before their data is dropped (nothing asks again). */
function forgetOperator(client: QueryClient) {
  client.setQueryData(operatorKeys.session(), null);
  client.removeQueries({
    queryKey: operatorKeys.all,
    predicate: (query) => query.queryKey[1] !== 'session',
  });
}

export function useOperatorSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall<null>('/admin/session', { method: 'DELETE' }),
    // Signed out whatever the answer: an expired session is signed out already.
    onSettled: () => forgetOperator(client),
  });
}

/**
 * A console call's error: a 401 means the operator's session has ended (it expired, or was ended
 * elsewhere), so the console forgets it and shows sign-in at once. Only a signed-in session ends
 * so: a wrong code at sign-in is the sign-in's own answer.
 */
export function endOperatorSessionOn(client: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  if (client.getQueryData<OperatorSession | null>(operatorKeys.session())?.stage !== 'signed-in')
    return;
  forgetOperator(client);
}

/** While the console is open, every query and mutation it runs ends the session on a 401. */
export function useOperatorSessionEnd() {
  const client = useQueryClient();
  useEffect(() => {
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        endOperatorSessionOn(client, event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        endOperatorSessionOn(client, event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);
}
