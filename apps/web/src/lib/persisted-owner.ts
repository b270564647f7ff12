/**
 * Where the signed-in person's saved query cache lives (lib/persisted-cache.ts) and whose it is.
 * Kept apart from the persister, so signing in or out clears it without loading that code.
 */
export const CACHE_KEY = 'maya:query-cache';
export const OWNER_KEY = 'maya:query-cache-owner';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (a privacy mode): nothing is kept.
    return undefined;
  }
}

export const savedCacheStorage = storage;

/** The id of the person the saved cache belongs to, if any. */
export function savedCacheOwner(): string | undefined {
  try {
    return storage()?.getItem(OWNER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Forgets the saved cache and its owner: on sign-out, and on a sign-in by anyone but its owner
 * (`unlessOwner`), so one account never sees another's data.
 */
export function clearPersistedCache(unlessOwner?: string): void {
  if (unlessOwner !== undefined && savedCacheOwner() === unlessOwner) return;
  try {
    storage()?.removeItem(CACHE_KEY);
    storage()?.removeItem(OWNER_KEY);
  } catch {
    // Nothing to clear.
  }
}
