import {
  hashKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { CurrentSession, PrivateUser } from '@maya/contracts';
import { useSyncExternalStore } from 'react';
import { answerOf, ApiError, apiFetch, apiRequest } from './api-client';
import { takeEarlySession } from '../start/early-session';
import {
  clearPersistedCache,
  forgetPersonalData,
  rememberedPerson,
  rememberPerson,
  type KnownPerson,
} from './personal-data';
import { noSubscription } from './use-hydrated';

/** `{"user":null}`, the whole answer for a visitor who is not signed in. */
function isSignedOut(payload: unknown): boolean {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    Object.keys(payload).length === 1 &&
    (payload as { user?: unknown }).user === null
  );
}

// The key of the live session (the server's `cacheKey`), in memory only: what this browser saves
// for the session is sealed with it (lib/sealed-cache.ts).
let liveKey: { userId: string; cacheKey: string } | undefined;

const keyListeners = new Set<() => void>();
function setLiveKey(next: typeof liveKey): void {
  liveKey = next;
  for (const listener of [...keyListeners]) listener();
}

/** The key the signed-in `userId`'s live session seals saved data with, once the server said. */
export function sessionCacheKey(userId: string): string | undefined {
  return liveKey?.userId === userId ? liveKey.cacheKey : undefined;
}

/**
 * The key of `userId`'s live session, as soon as the server says it (a screen the server drew has
 * it from the session's next answer, once the page is live).
 */
export function cacheKeyWhenKnown(userId: string): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const cacheKey = sessionCacheKey(userId);
      if (!cacheKey) return;
      keyListeners.delete(check);
      resolve(cacheKey);
    };
    keyListeners.add(check);
    check();
  });
}

/**
 * The server says nobody is signed in: everything kept in this browser for a person goes before
 * the answer is drawn (personal-data.ts), and so do this browser's push notifications when a
 * person had used it, since no session of theirs is here to receive them any more.
 */
function signedOutHere(): void {
  setLiveKey(undefined);
  if (forgetPersonalData()) {
    void import('./push').then(({ dropDevicePush }) => dropDevicePush()).catch(() => undefined);
  }
}

/** Whether the server has said who is signed in since this page started. */
let answered = false;

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
    const payload = await (early
      ? // Sent offline, it failed: this ask (after the network came back) goes out anew.
        answerOf(early).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 0) return apiFetch('/auth/session');
          throw error;
        })
      : apiFetch('/auth/session'));
    answered = true;
    if (isSignedOut(payload)) {
      signedOutHere();
      return null;
    }
    // Taken as the contract's type: the server serializes it through the same schema, and every
    // signed-in screen waits for this answer, so it does not wait for the schemas chunk too.
    const { user, cacheKey } = payload as CurrentSession;
    if (user) setLiveKey(cacheKey ? { userId: user.id, cacheKey } : undefined);
    return user;
  },
  staleTime: 5 * 60_000,
});

export function useSession() {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/** Whether a failed request never reached the server (offline, or the network in between). */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Who the bars show: the signed-in user, or, while the server cannot be reached to say who is
 * signed in (offline, the installed app opened without a network), the role of the person it
 * said last in this browser, whose session has not ended here (lib/personal-data.ts): their
 * menu, without their name. Only once the page is live, so a page the server drew hydrates as
 * drawn. Never a reason to show a person's data; the screens wait for the session itself.
 */
export function useShownPerson(): KnownPerson | null {
  const query = useQuery(sessionQuery);
  const signedIn = Boolean(query.data);
  // Live and still without an answer (false while the page hydrates). Signed in, it is false in
  // the browser as on the server, so hydration is not followed by a synchronous render of the
  // layout and its bars, as a plain `useHydrated()` would be.
  const unanswered = useSyncExternalStore(
    noSubscription,
    () => !signedIn && !answered,
    () => false,
  );
  if (query.data) return query.data;
  if (!unanswered) return null;
  const waiting = query.fetchStatus === 'paused' || unreachable(query.error ?? query.failureReason);
  return waiting ? (rememberedPerson() ?? null) : null;
}

/**
 * Forgets the signed-in user: what this browser kept for them goes first, then the session
 * becomes null, so every screen watching it switches to the signed-out routes at once, and only
 * then is the rest of the cached data dropped. (Clearing the whole cache first would leave
 * mounted screens watching a removed session that still holds the user, while newly mounted ones
 * saw null: half the page signed in, half signed out.)
 */
export function forgetSession(queryClient: QueryClient): void {
  setLiveKey(undefined);
  forgetPersonalData();
  queryClient.setQueryData(sessionQuery.queryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0],
  });
}

/** Drops the person's data and closes the tab's socket (loaded on demand, as on a sign-out). */
function endHere(queryClient: QueryClient): void {
  forgetSession(queryClient);
  void import('./socket').then(({ closeSocket }) => closeSocket()).catch(() => undefined);
}

/** Whether an API failure says the session the request carried is gone. */
export function isSessionGone(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 401 && error.problem.code === 'UNAUTHENTICATED'
  );
}

/**
 * A call of the app was answered 401 UNAUTHENTICATED: when someone is signed in here, their
 * session has ended outside this tab (a sign-out on another device or tab, its expiry, a password
 * change), and the app forgets them as a sign-out does. The query client calls it on every
 * failed query and mutation (lib/query-client.ts).
 */
export function sessionFailed(queryClient: QueryClient, error: unknown): void {
  if (!isSessionGone(error)) return;
  if (queryClient.getQueryData<PrivateUser | null>(sessionQuery.queryKey)) endHere(queryClient);
}

/**
 * Watches the session's answers: when the server answers nobody after the app held someone (from
 * an answer, a rendered page or a sign-in), that person's session has ended, and the app forgets
 * them as a sign-out does. (What the browser kept is gone already: the answer cleared it.)
 */
export function watchSessionEnd(queryClient: QueryClient): void {
  const first = queryClient.getQueryData<PrivateUser | null>(sessionQuery.queryKey);
  let held = Boolean(first);
  if (first) rememberPerson(first);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== hashKey(sessionQuery.queryKey)) return;
    const user = event.action.data as PrivateUser | null | undefined;
    // What the bars show of them offline, the next time this browser cannot reach the server.
    if (user) rememberPerson(user);
    const holds = Boolean(user);
    if (held && !holds && !event.action.manual) endHere(queryClient);
    held = holds;
  });
}

/**
 * Asks the server again who is signed in, after a hint that the session may have ended (the
 * socket was refused, or closed by the server). A signed-out answer ends it here.
 */
export async function recheckSession(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined);
}

/**
 * Someone has just signed in: the session becomes theirs, and a cache saved in this browser for
 * another session is dropped (lib/persisted-cache.ts seals it with the session's key).
 */
export function adoptSignedIn(queryClient: QueryClient, user: PrivateUser): void {
  loggedOutHere = false;
  setLiveKey(undefined);
  clearPersistedCache();
  queryClient.setQueryData(sessionQuery.queryKey, user);
}

let loggedOutHere = false;

/**
 * Whether this page signed its account out: a signed-in screen drawn signed out then goes home,
 * where the sign-out is headed, rather than asking to sign in again (app/router.tsx).
 */
export const signedOutInThisPage = () => loggedOutHere;

/** Records that the person ended their session here (a sign-out, a deleted account). */
export function markSignedOutHere(): void {
  loggedOutHere = true;
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
      markSignedOutHere();
      // Loaded on demand so socket.io stays out of the first page's script.
      void import('./socket').then(({ closeSocket }) => closeSocket());
      forgetSession(queryClient);
    },
  });
}
