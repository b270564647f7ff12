/**
 * What this browser keeps of a signed-in person, and how all of it is forgotten when their
 * session ends. Kept apart from the persister (lib/persisted-cache.ts), so a sign-out or a
 * signed-out answer clears it without loading that code.
 *
 * The app keeps only in localStorage: the query cache and Maya's conversation, both sealed with
 * the session's key (lib/sealed-cache.ts), the chosen language, the drawer's last choice, and
 * the role of the person signed in (for the bars offline; nothing that names them). sessionStorage and IndexedDB it
 * does not use, and the service worker caches only the build's public files (pages' shells,
 * scripts, styles, icons), never an API answer or a page the server drew for someone.
 */
import type { PrivateUser } from '@maya/contracts';

export const CACHE_KEY = 'maya:query-cache';

/** Where the role of the person signed in is kept, for the bars offline. */
const ROLE_KEY = 'maya:signed-in-role';

/**
 * What the top bar and the drawer show of a person: the live session's user, or offline, before
 * the server can say who is signed in, only the role of the one signed in here (a client's or a
 * business's menu), kept in the clear. Nothing that names them is kept outside the sealed cache:
 * no name, no id, no email, no photo.
 */
export type KnownPerson = Pick<PrivateUser, 'role'> &
  Partial<Pick<PrivateUser, 'firstName' | 'fullName' | 'thumbnailUrl'>>;

/**
 * The entries of localStorage that say nothing of anyone: the chosen language (lib/i18n), which
 * the signed-out pages use too. Everything else the app writes, in localStorage and
 * sessionStorage, goes whenever the server answers that nobody is signed in (on a visitor's every
 * start too), so an entry a signed-out page must keep is named here.
 */
const KEPT = new Set(['language']);

function local(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (a privacy mode): nothing is kept.
    return undefined;
  }
}

export const savedCacheStorage = local;

// Each forgetting moves this on, so a save that was under way (sealing is asynchronous) writes
// nothing afterwards.
let generation = 0;

/** Where forgetting has got to: a save started before it changes must not write. */
export function savedGeneration(): number {
  return generation;
}

/** Whether a saved query cache is here at all (whoever's, sealed or not). */
export function hasSavedCache(): boolean {
  try {
    return local()?.getItem(CACHE_KEY) != null;
  } catch {
    return false;
  }
}

/** Keeps the role of the person the server said is signed in. */
export function rememberPerson(user: PrivateUser): void {
  try {
    const storage = local();
    if (storage && storage.getItem(ROLE_KEY) !== user.role) storage.setItem(ROLE_KEY, user.role);
  } catch {
    // Storage refused or full: the bars offline show nobody.
  }
}

/** The role of the person signed in here, while their session has not ended, or undefined. */
export function rememberedPerson(): KnownPerson | undefined {
  try {
    const role = local()?.getItem(ROLE_KEY);
    return role === 'buyer' || role === 'seller' ? { role } : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the saved query cache: on a sign-in (it was sealed for another session). */
export function clearPersistedCache(): void {
  generation += 1;
  try {
    local()?.removeItem(CACHE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Forgets everything the app kept in this browser for a person but the entries that say nothing
 * of anyone: the saved query cache, Maya's conversation, and anything else of the app in
 * localStorage and sessionStorage. Called whenever the server says nobody is signed in and on
 * every sign-out, before anything is drawn from what was kept. Answers whether a signed-in
 * person had left anything here.
 */
export function forgetPersonalData(): boolean {
  generation += 1;
  let found = false;
  for (const storage of [local(), session()]) {
    if (!storage) continue;
    try {
      const names = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      for (const name of names) {
        if (name === null || (storage === local() && KEPT.has(name))) continue;
        storage.removeItem(name);
        found = true;
      }
    } catch {
      // Storage refused: nothing was kept there either.
    }
  }
  return found;
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
