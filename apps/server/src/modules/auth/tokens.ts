import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A secret for a session, a device or a mailed link: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256 only, so a copy of the database opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The key the web app encrypts what it saves in the browser with, for one session (its
 * lib/sealed-cache.ts): derived from the session's token, so only a request of that live session
 * learns it, one session's key tells nothing of another's, and the database, which holds the
 * token's SHA-256 only, cannot give it. Once the session ends, the saved copy cannot be read.
 */
export function sessionCacheKey(token: string): string {
  return createHmac('sha256', token).update('maya:saved-cache').digest('base64url');
}
