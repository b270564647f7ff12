import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { CurrentSession, PrivateUser } from '@maya/contracts';
import { answerOf, apiFetch, apiRequest } from './api-client';
import { takeEarlySession } from './early-session';
import { clearPersistedCache } from './persisted-owner';

/** `{"user":null}`, the whole answer for a visitor who is not signed in. */
function isSignedOut(payload: unknown): boolean {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    Object.keys(payload).length === 1 &&
    (payload as { user?: unknown }).user === null
  );
}

/**
 * The signed-in user, or null. The session itself is an httpOnly cookie the app never reads.
 * A signed-out answer needs no schema, so a visitor's page never waits for (or runs) the
 * schemas chunk just to learn that nobody is signed in.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<PrivateUser | null> => {
    // The entry script has asked already on a page that is not prerendered.
    const early = takeEarlySession();
    const payload = await (early ? answerOf(early) : apiFetch('/auth/session'));
    if (isSignedOut(payload)) return null;
    // Taken as the contract's type: the server serializes it through the same schema, and every
    // signed-in screen waits for this answer, so it does not wait for the schemas chunk too.
    return (payload as CurrentSession).user;
  },
  staleTime: 5 * 60_000,
});

export function useSession() {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/**
 * Forgets the signed-in user: the session becomes null first, so every screen watching it switches
 * to the signed-out routes at once, and only then is the rest of the cached data dropped. (Clearing
 * the whole cache first would leave mounted screens watching a removed session that still holds
 * the user, while newly mounted ones saw null: half the page signed in, half signed out.)
 */
export function forgetSession(queryClient: QueryClient): void {
  clearPersistedCache();
  queryClient.setQueryData(sessionQuery.queryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0],
  });
}

/**
 * Someone has just signed in: the session becomes theirs, and a cache saved in this browser for
 * anyone else is dropped (lib/persisted-cache.ts).
 */
export function adoptSignedIn(queryClient: QueryClient, user: PrivateUser): void {
  clearPersistedCache(user.id);
  queryClient.setQueryData(sessionQuery.queryKey, user);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // This browser stops announcing the account's messages before the session ends.
      await import('./push')
        .then(({ forgetDevicePush }) => forgetDevicePush())
        .catch(() => undefined);
      return apiRequest(
        '/auth/logout',
        import('zod').then(({ z }) => z.null()),
        { method: 'POST' },
      );
    },
    onSettled: () => {
      // Loaded on demand so socket.io stays out of the first page's script.
      void import('./socket').then(({ closeSocket }) => closeSocket());
      forgetSession(queryClient);
    },
  });
}
