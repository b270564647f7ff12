import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  hashKey,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
import type { PrivateUser } from '@maya/contracts';
import {
  CACHE_KEY,
  clearPersistedCache,
  OWNER_KEY,
  savedCacheOwner,
  savedCacheStorage,
} from './persisted-owner';
import { sessionQuery } from './session';

/**
 * The signed-in person's query cache, kept in localStorage, so a signed-in screen opened again
 * draws what it showed last time at once (then asks the server again) instead of a blank page
 * while the session and the data travel.
 *
 * Whose it is decides everything: the cache is saved under a buster made of the build and the
 * user's id, and the id of the person it belongs to is kept beside it. A visit restores it only
 * for that build and that person; once the session answers, a different person (or nobody)
 * drops it from memory and from storage at once, and a sign-out, or a sign-in by anyone else,
 * clears it (lib/persisted-owner.ts), so one account never sees another's data.
 */
/** Older than a day, a saved cache is not worth drawing. */
const MAX_AGE = 24 * 60 * 60_000;
/** The build's id: a new build may change what an answer holds, so its cache starts afresh. */
const BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

const buster = (userId: string) => `${BUILD}:${userId}`;

const persister = createSyncStoragePersister({ storage: savedCacheStorage(), key: CACHE_KEY });
const storage = savedCacheStorage;

/**
 * Restores the saved cache of the person who used this browser last, when it was saved by this
 * build, then keeps it saved while they stay signed in. Resolves once restored (or not), so the
 * first render draws the restored screen. The session itself is always asked again. With
 * `restore` false (a screen the server rendered with fresh data), it only keeps it saved.
 */
export async function restorePersistedCache(
  queryClient: QueryClient,
  { restore = true }: { restore?: boolean } = {},
): Promise<void> {
  // The nested query-core the persister is built on is another copy of the same classes.
  const client = queryClient as unknown as Parameters<
    typeof persistQueryClientRestore
  >[0]['queryClient'];
  const owner = savedCacheOwner();
  if (owner && restore) {
    await persistQueryClientRestore({
      queryClient: client,
      persister,
      buster: buster(owner),
      maxAge: MAX_AGE,
    }).catch(() => undefined);
    // Drawn from the saved copy: whoever is signed in now is asked again all the same.
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey, refetchType: 'none' });
  }

  let saving: { userId: string; stop: () => void } | undefined;
  const follow = (user: PrivateUser | null | undefined) => {
    if (user === undefined) return;
    if (saving && saving.userId === user?.id) return;
    saving?.stop();
    saving = undefined;
    if (!user) {
      clearPersistedCache();
      return;
    }
    if (savedCacheOwner() !== user.id) {
      // Someone else's data may be in memory (restored for the last person): only the session
      // stays.
      if (owner && owner !== user.id) {
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0],
        });
      }
      clearPersistedCache();
      try {
        storage()?.setItem(OWNER_KEY, user.id);
      } catch {
        return;
      }
    }
    saving = {
      userId: user.id,
      stop: persistQueryClientSubscribe({
        queryClient: client,
        persister,
        buster: buster(user.id),
      }),
    };
  };
  queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const query = event.query as Query;
    if (query.queryHash !== hashKey(sessionQuery.queryKey)) return;
    follow(query.state.data as PrivateUser | null);
  });
}
