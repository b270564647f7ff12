import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { CACHE_KEY, savedCacheStorage, savedGeneration } from './personal-data';

/**
 * What the app saves for a signed-in person (the query cache, Maya's conversation), sealed:
 * encrypted (AES-GCM) with the key the server gives a live
 * session with its answer (`cacheKey` of GET /auth/session, derived from the session's token
 * there), which the app holds in memory only. What localStorage keeps is unreadable without a
 * live session: once the session has ended, on this device or elsewhere, no one can get the key
 * again, and a start that cannot reach the server (offline) cannot open it either.
 */
const FORMAT = '{"sealed":1,';
/** Writes are at most this often, as the library's storage persister does (1 s). */
const THROTTLE_MS = 1000;

interface Sealed {
  sealed: 1;
  iv: string;
  data: string;
}

/** Whether WebCrypto is here (a secure context); without it nothing is saved. */
export const canSeal = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a long array into one call overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The AES-GCM key of a session's `cacheKey` (32 bytes, base64url). */
export function importCacheKey(cacheKey: string): Promise<CryptoKey> {
  const bytes = fromBase64(cacheKey.replaceAll('-', '+').replaceAll('_', '/'));
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(text),
  );
  return JSON.stringify({ sealed: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) });
}

/** The text `sealed` holds; throws when it was sealed with another key, or is not sealed. */
export async function unseal(key: CryptoKey, sealed: string): Promise<string> {
  if (!sealed.startsWith(FORMAT)) throw new Error('not a sealed cache');
  const { iv, data } = JSON.parse(sealed) as Sealed;
  const text = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    key,
    fromBase64(data),
  );
  return new TextDecoder().decode(text);
}

/** Whether what is saved is sealed at all (a build before sealing saved the cache as it was). */
export function isSealed(saved: string): boolean {
  return saved.startsWith(FORMAT);
}

/**
 * A TanStack Query persister that seals the cache with one session's key. Writes are throttled,
 * and a write that the sign-out of the session overtakes (personal-data.ts) is dropped.
 */
export function sealedPersister(key: CryptoKey): Persister & { stop(): void } {
  const storage = savedCacheStorage;
  let latest: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const write = async () => {
    timer = undefined;
    const client = latest;
    latest = undefined;
    if (!client || stopped) return;
    const startedIn = savedGeneration();
    try {
      const sealed = await seal(key, JSON.stringify(client));
      if (stopped || savedGeneration() !== startedIn) return;
      storage()?.setItem(CACHE_KEY, sealed);
    } catch {
      // Storage full or refused: the next visit draws from the server alone.
    }
  };

  return {
    persistClient(client) {
      if (stopped) return;
      latest = client;
      timer ??= setTimeout(() => void write(), THROTTLE_MS);
    },
    async restoreClient() {
      const saved = storage()?.getItem(CACHE_KEY);
      if (!saved) return undefined;
      return JSON.parse(await unseal(key, saved)) as PersistedClient;
    },
    removeClient() {
      storage()?.removeItem(CACHE_KEY);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      latest = undefined;
    },
  };
}

// Each entry's newest write: an older one that finishes sealing later writes nothing.
const writes = new Map<string, number>();

/**
 * An entry of localStorage sealed with a live session's key (Maya's saved conversation): its
 * text, or undefined when there is none or it was sealed for another session (it then goes).
 */
export async function readSealed(name: string, cacheKey: string): Promise<string | undefined> {
  const storage = savedCacheStorage();
  const saved = storage?.getItem(name);
  if (!saved || !canSeal()) return undefined;
  try {
    return await unseal(await importCacheKey(cacheKey), saved);
  } catch {
    storage?.removeItem(name);
    return undefined;
  }
}

/** Writes the entry sealed with the session's key, or removes it (null). */
export async function writeSealed(
  name: string,
  cacheKey: string,
  text: string | null,
): Promise<void> {
  const turn = (writes.get(name) ?? 0) + 1;
  writes.set(name, turn);
  const startedIn = savedGeneration();
  const storage = savedCacheStorage();
  try {
    if (text === null) {
      storage?.removeItem(name);
      return;
    }
    if (!canSeal()) return;
    const sealed = await seal(await importCacheKey(cacheKey), text);
    if (writes.get(name) !== turn || savedGeneration() !== startedIn) return;
    storage?.setItem(name, sealed);
  } catch {
    // Storage full or refused: the conversation is not kept.
  }
}
