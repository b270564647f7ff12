import type { Actor } from '../../lib/actor.js';
import type { SessionsTarget } from '../../lib/events.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { SessionsRepository } from './sessions.repository.js';
import { hashToken, newToken } from './tokens.js';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** Last-seen is written at most this often, so reads do not turn into writes. */
  touchEveryMs: number;
}

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 7 * 24 * 3_600_000,
  absoluteMs: 30 * 24 * 3_600_000,
  touchEveryMs: 5 * 60_000,
};

export interface SessionsServiceDependencies {
  repository: SessionsRepository;
  policy?: SessionPolicy;
  /**
   * How long a resolved session may be reused without asking the database (0: always ask).
   * Revocations drop entries at once in this process; other processes hear of them through
   * `forgetCached`.
   */
  cacheMs?: number;
  /** Called when a user's sessions are revoked, so open sockets can be closed too. */
  onSessionsRevoked?: (userId: string, keptSessionId?: string) => void;
  /** Called when one session ends (logout). */
  onSessionEnded?: (sessionId: string) => void;
  /**
   * Throws the problem that refuses an account a new session (suspended or terminated by an
   * operator, modules/moderation), so every way in (password, mailed link) says why alike.
   */
  admit?: (userId: string) => Promise<void>;
}

/** Sessions and the short cache of resolved ones: start, resolve, end, revoke. */
export function createSessionsService({
  repository,
  policy = defaultSessionPolicy,
  cacheMs = 0,
  onSessionsRevoked,
  onSessionEnded,
  admit,
}: SessionsServiceDependencies) {
  // Resolved sessions by token hash; every revocation below drops its entries first.
  // A lookup that overlapped a revocation (the generation moved on) is not cached.
  const resolved = new Map<string, { actor: Actor; until: number }>();
  let generation = 0;
  const forget = (match: (actor: Actor) => boolean) => {
    generation += 1;
    for (const [hash, entry] of resolved) if (match(entry.actor)) resolved.delete(hash);
  };

  return {
    /** A new session for the user; answers its token. */
    async start(userId: string): Promise<string> {
      await admit?.(userId);
      const token = newToken();
      const now = Date.now();
      await repository.insertSession({
        id: uuidv7(now),
        tokenHash: hashToken(token),
        userId,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + policy.absoluteMs),
      });
      return token;
    },

    /** Sign-out: this session only. */
    async end(actor: Actor): Promise<void> {
      const ended = (cached: Actor) => cached.sessionId === actor.sessionId;
      forget(ended);
      await repository.deleteSession(actor.sessionId);
      forget(ended);
      onSessionEnded?.(actor.sessionId);
    },

    /** Every session of the user, or every one but `keepSessionId`. */
    async revoke(userId: string, keepSessionId?: string): Promise<void> {
      const revoked = (actor: Actor) =>
        actor.userId === userId && actor.sessionId !== keepSessionId;
      forget(revoked);
      await repository.deleteUserSessions(userId, keepSessionId);
      // Again: a request resolved while the rows were being deleted may have cached one.
      forget(revoked);
      onSessionsRevoked?.(userId, keepSessionId);
    },

    /** The actor behind a token, or undefined when it is unknown, expired or idle too long. */
    async resolveToken(token: string): Promise<Actor | undefined> {
      const now = Date.now();
      const tokenHash = hashToken(token);
      const cached = resolved.get(tokenHash);
      if (cached && cached.until > now) return cached.actor;
      if (cached) resolved.delete(tokenHash);

      const lookedUpIn = generation;
      const session = await repository.findActiveByHash(tokenHash, new Date(now - policy.idleMs));
      if (!session) return undefined;
      if (now - session.lastSeenAt.getTime() > policy.touchEveryMs) {
        await repository.touchSession(session.id, new Date(now));
      }
      const actor: Actor = { userId: session.userId, role: session.role, sessionId: session.id };
      if (cacheMs > 0 && generation === lookedUpIn) {
        if (resolved.size >= 10_000) resolved.delete(resolved.keys().next().value!);
        resolved.set(tokenHash, {
          actor,
          until: Math.min(now + cacheMs, session.expiresAt.getTime()),
        });
      }
      return actor;
    },

    /**
     * Drops cached sessions that another process has ended, so that a sign-out there holds here
     * within the time its notice takes to arrive rather than the cache's lifetime.
     */
    forgetCached(target: SessionsTarget): void {
      forget((cached) =>
        'sessionId' in target
          ? cached.sessionId === target.sessionId
          : cached.userId === target.userId && cached.sessionId !== target.exceptSessionId,
      );
    },

    /** Sessions idle or past their absolute expiry. */
    async purgeExpired(): Promise<void> {
      await repository.deleteExpired(new Date(Date.now() - policy.idleMs));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
