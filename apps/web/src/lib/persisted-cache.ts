import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedQueryClientSaveOptions,
} from '@tanstack/query-persist-client-core';
import { hashKey, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import type { PrivateUser } from '@maya/contracts';
import { CACHE_KEY, clearPersistedCache, hasSavedCache, savedCacheStorage } from './personal-data';
import { canSeal, importCacheKey, isSealed, sealedPersister } from './sealed-cache';
import { recheckSession, sessionCacheKey, sessionQuery } from './session';

/**
 * The signed-in person's query cache, kept in localStorage, so a signed-in screen opened again
 * draws what it showed last time as soon as the session is confirmed (then asks the server
 * again) instead of waiting for each screen's data too.
 *
 * It is one session's: sealed with the key the server gives that live session with its answer
 * (lib/sealed-cache.ts), held in memory only. A start restores it only once the session has
 * answered, with that session's key; a session that has ended (signed out here or anywhere
 * else, expired) gets no key and its answer clears everything kept (lib/session.ts), and a start
 * that cannot reach the server (offline) cannot open it, so it draws nothing of anyone.
 */
/** Older than a day, a saved cache is not worth drawing. */
const MAX_AGE = 24 * 60 * 60_000;
/** The build's id: a new build may change what an answer holds, so its cache starts afresh. */
const BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
/** How long the first render waits for the session to open the saved cache. */
const SESSION_WAIT_MS = 3000;
/** Where a build before sealing named the cache's owner, in the clear. */
const OLD_OWNER_KEY = 'maya:query-cache-owner';

const sessionHash = hashKey(sessionQuery.queryKey);
// The answers that arrived (as the library's default), but never the session: every start asks
// the server who is signed in.
const dehydrateOptions: PersistedQueryClientSaveOptions['dehydrateOptions'] = {
  shouldDehydrateQuery: (query) =>
    query.queryHash !== sessionHash && query.state.status === 'success',
};

/** What a build before sealing saved in the clear goes, unread. */
function dropUnsealed(): void {
  try {
    const storage = savedCacheStorage();
    storage?.removeItem(OLD_OWNER_KEY);
    const saved = storage?.getItem(CACHE_KEY);
    if (saved && !isSealed(saved)) clearPersistedCache();
  } catch {
    // Storage refused: nothing to drop.
  }
}

/** Resolves after `ms`, or never once the work is done first (the timer is then cleared). */
function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work.then(() => undefined), waited]).finally(() => clearTimeout(timer));
}

/**
 * Restores the cache this browser saved for the session that is live now, once the session has
 * answered, then keeps it saved while someone is signed in. Resolves once restored (or not), or
 * after a few seconds without the session's answer, so the first render draws the restored
 * screen. With `restore` false (a screen the server rendered with fresh data), it only keeps it
 * saved.
 */
export async function restorePersistedCache(
  queryClient: QueryClient,
  { restore = true }: { restore?: boolean } = {},
): Promise<void> {
  // The nested query-core the persister is built on is another copy of the same classes.
  const client = queryClient as unknown as Parameters<
    typeof persistQueryClientRestore
  >[0]['queryClient'];
  dropUnsealed();

  let saving: { cacheKey: string; stop: () => void } | undefined;
  const stopSaving = () => {
    saving?.stop();
    saving = undefined;
  };
  let askedForKey = false;
  const follow = (user: PrivateUser | null | undefined, manual: boolean) => {
    if (user === undefined) return;
    const cacheKey = user ? sessionCacheKey(user.id) : undefined;
    if (!cacheKey) {
      stopSaving();
      // Just signed in with a form or a link: the key comes with the session's next answer.
      if (user && manual && !askedForKey) {
        askedForKey = true;
        void recheckSession(queryClient);
      }
      return;
    }
    if (saving?.cacheKey === cacheKey || !canSeal()) return;
    stopSaving();
    let stop: () => void = () => undefined;
    const entry = { cacheKey, stop: () => stop() };
    saving = entry;
    void importCacheKey(cacheKey).then(
      (key) => {
        if (saving !== entry) return;
        const persister = sealedPersister(key);
        const options = { queryClient: client, persister, buster: BUILD, dehydrateOptions };
        const unsubscribe = persistQueryClientSubscribe(options);
        stop = () => {
          unsubscribe();
          persister.stop();
        };
        // Saved now too, under this session's key: the cache may not change again soon.
        void persistQueryClientSave(options);
      },
      () => undefined,
    );
  };

  if (restore && hasSavedCache() && canSeal()) {
    const opened = queryClient
      .fetchQuery({ ...sessionQuery, retry: false })
      .then(async (user) => {
        const cacheKey = user ? sessionCacheKey(user.id) : undefined;
        if (!cacheKey) return;
        await persistQueryClientRestore({
          queryClient: client,
          persister: sealedPersister(await importCacheKey(cacheKey)),
          buster: BUILD,
          maxAge: MAX_AGE,
        });
      })
      // Offline, or sealed for another session: nothing is drawn from it.
      .catch(() => undefined);
    await within(opened, SESSION_WAIT_MS);
  }

  follow(queryClient.getQueryData<PrivateUser | null>(sessionQuery.queryKey), false);
  queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== sessionHash) return;
    follow(event.query.state.data as PrivateUser | null, event.action.manual === true);
  });
}
