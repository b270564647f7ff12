import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  LoginBody,
  PasswordResetConfirmBody,
  PrivateUser,
  SignupBody,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SessionsTarget } from '../../lib/events.js';
import { AppError } from '../../lib/app-error.js';
import { createThrottle } from '../../lib/throttle.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { UsersService } from '../users/users.service.js';
import { isCommonPassword } from './common-passwords.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { SessionsRepository } from './sessions.repository.js';

export type { Actor };

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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Verified when an email is unknown, so a wrong email costs as much time as a wrong password.
const decoyHash = hashPassword(randomBytes(16).toString('hex'));

export const RESET_LINK_MINUTES = 30;

/**
 * Five wrong passwords from one address cost nothing extra; from the sixth, each answer waits
 * twice as long as the last (250 ms, 500 ms, … up to 4 s), which slows guessing from one place
 * long before the address is paused.
 */
export function failureDelayMs(failuresFromAddress: number): number {
  return failuresFromAddress <= 5 ? 0 : Math.min(250 * 2 ** (failuresFromAddress - 6), 4_000);
}

export interface AuthServiceDependencies {
  users: UsersService;
  uploads: UploadsService;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  mailer: Mailer;
  publicUrl: string;
  policy?: SessionPolicy;
  /** How long failed sign-ins and reset requests count against an account or address. */
  throttleWindowMs?: number;
  /**
   * How long a resolved session may be reused without asking the database (0: always ask). Only
   * for a single process (the embedded database), where every revocation passes through here.
   */
  sessionCacheMs?: number;
  /** Called when a user's sessions are revoked, so open sockets can be closed too. */
  onSessionsRevoked?: (userId: string, keptSessionId?: string) => void;
  /** Called when one session ends (logout). */
  onSessionEnded?: (sessionId: string) => void;
}

export function createAuthService({
  users,
  uploads,
  sessions,
  resets,
  mailer,
  publicUrl,
  policy = defaultSessionPolicy,
  throttleWindowMs = 15 * 60_000,
  sessionCacheMs = 0,
  onSessionsRevoked,
  onSessionEnded,
}: AuthServiceDependencies) {
  // Wrong passwords from one address are answered ever more slowly (failureDelayMs), and ten per
  // account, or thirty per address, pause sign-in until the window (fifteen minutes) ends.
  const message = 'Too many failed sign-in attempts. Please wait {seconds} s and try again.';
  const windowMs = throttleWindowMs;
  const failuresByAccount = createThrottle({ max: 10, windowMs, message });
  const failuresByIp = createThrottle({ max: 30, windowMs, message });

  const resetsByIp = createThrottle({
    max: 5,
    windowMs,
    message: 'Too many reset requests. Please wait {seconds} s and try again.',
  });
  // Per address silently: no more than three mails an hour, whoever asks.
  const resetsByEmail = createThrottle({ max: 3, windowMs: 4 * windowMs, message: '' });

  async function sendResetLink(email: string): Promise<void> {
    const key = email.toLowerCase();
    try {
      resetsByEmail.check(key);
    } catch {
      return;
    }
    resetsByEmail.hit(key);
    const user = await users.findCredentials(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await resets.insertReset({
      id: uuidv7(now),
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + RESET_LINK_MINUTES * 60_000),
    });
    const link = new URL(`/reset-password?token=${token}`, publicUrl).toString();
    await mailer.send({
      to: user.email,
      subject: 'Reset your Maya Market password',
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone asked to reset the password of your Maya Market account.',
        `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:`,
        '',
        link,
        '',
        'If it was not you, ignore this message; your password stays as it is.',
      ].join('\n'),
      link,
    });
  }

  function rejectCommon(password: string): void {
    if (isCommonPassword(password)) {
      throw new AppError('VALIDATION_FAILED', 'This password is too common. Choose another.', {
        password: 'Too common',
      });
    }
  }

  async function requirePassword(userId: string, password: string): Promise<void> {
    const user = await users.getCredentialsById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('VALIDATION_FAILED', 'Your current password is not correct.', {
        password: 'Incorrect password',
      });
    }
  }

  // Resolved sessions by token hash; every revocation below drops its entries first.
  // A lookup that overlapped a revocation (the generation moved on) is not cached.
  const resolved = new Map<string, { actor: Actor; until: number }>();
  let generation = 0;
  const forget = (match: (actor: Actor) => boolean) => {
    generation += 1;
    for (const [hash, entry] of resolved) if (match(entry.actor)) resolved.delete(hash);
  };

  async function revokeSessions(userId: string, keepSessionId?: string): Promise<void> {
    const revoked = (actor: Actor) => actor.userId === userId && actor.sessionId !== keepSessionId;
    forget(revoked);
    await sessions.deleteUserSessions(userId, keepSessionId);
    // Again: a request resolved while the rows were being deleted may have cached one.
    forget(revoked);
    onSessionsRevoked?.(userId, keepSessionId);
  }

  async function startSession(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await sessions.insertSession({
      id: uuidv7(now),
      tokenHash: hashToken(token),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + policy.absoluteMs),
    });
    return token;
  }

  return {
    async signup(input: SignupBody): Promise<{ user: PrivateUser; token: string }> {
      rejectCommon(input.password);
      if (input.role === 'seller' && !input.category) {
        throw new AppError('VALIDATION_FAILED', 'Choose the sector of your business.', {
          category: 'Required for businesses',
        });
      }
      const { password, imageUploadId, ...profile } = input;
      if (imageUploadId) await uploads.requireClaimableAvatar(imageUploadId);
      let user = await users.createUser({ ...profile, passwordHash: await hashPassword(password) });
      if (imageUploadId) {
        const image = await uploads.claimAvatar(imageUploadId, user.id);
        user = await users.setImage(user.id, image);
      }
      return { user, token: await startSession(user.id) };
    },

    async login(input: LoginBody, ip: string): Promise<{ user: PrivateUser; token: string }> {
      const accountKey = `account:${input.email.toLowerCase()}`;
      const ipKey = `ip:${ip}`;
      failuresByAccount.check(accountKey);
      failuresByIp.check(ipKey);

      const credentials = await users.findCredentials(input.email);
      const valid = credentials
        ? await verifyPassword(credentials.passwordHash, input.password)
        : await verifyPassword(await decoyHash, input.password);
      if (!credentials || !valid) {
        failuresByAccount.hit(accountKey);
        failuresByIp.hit(ipKey);
        await sleep(failureDelayMs(failuresByIp.count(ipKey)));
        throw new AppError('INVALID_CREDENTIALS', 'Wrong Credentials');
      }
      failuresByAccount.reset(accountKey);
      return {
        user: await users.getPrivateUser(credentials.id),
        token: await startSession(credentials.id),
      };
    },

    async logout(actor: Actor): Promise<void> {
      const ended = (cached: Actor) => cached.sessionId === actor.sessionId;
      forget(ended);
      await sessions.deleteSession(actor.sessionId);
      forget(ended);
      onSessionEnded?.(actor.sessionId);
    },

    /**
     * Always the same answer and nearly the same time: the lookup and the mail happen after the
     * reply, so neither the words nor the timing tell whether the email has an account.
     */
    requestPasswordReset(email: string, ip: string): void {
      resetsByIp.check(`ip:${ip}`);
      resetsByIp.hit(`ip:${ip}`);
      setImmediate(() => {
        void sendResetLink(email).catch(() => undefined);
      });
    },

    async confirmPasswordReset(input: PasswordResetConfirmBody): Promise<void> {
      rejectCommon(input.password);
      const userId = await resets.consumeReset(hashToken(input.token), new Date());
      if (!userId) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This reset link is invalid or has expired. Ask for a new one.',
          { token: 'Invalid or expired' },
        );
      }
      await users.setPasswordHash(userId, await hashPassword(input.password));
      await resets.deleteUserResets(userId);
      await revokeSessions(userId);
    },

    async changePassword(actor: Actor, input: ChangePasswordBody): Promise<void> {
      await requirePassword(actor.userId, input.currentPassword);
      rejectCommon(input.password);
      await users.setPasswordHash(actor.userId, await hashPassword(input.password));
      await revokeSessions(actor.userId, actor.sessionId);
    },

    async changeEmail(actor: Actor, input: ChangeEmailBody): Promise<PrivateUser> {
      await requirePassword(actor.userId, input.password);
      return users.setEmail(actor.userId, input.email);
    },

    async deleteAccount(actor: Actor, password: string): Promise<void> {
      await requirePassword(actor.userId, password);
      // Images first: if the storage fails, the account is untouched and deletion can be retried.
      await uploads.deleteAllOf(actor.userId);
      await users.anonymize(actor.userId);
      await resets.deleteUserResets(actor.userId);
      await revokeSessions(actor.userId);
    },

    /**
     * Drops cached sessions that another process has ended, so that a sign-out there holds here
     * within the time its notice takes to arrive rather than the cache's lifetime.
     */
    forgetSessions(target: SessionsTarget): void {
      forget((cached) =>
        'sessionId' in target
          ? cached.sessionId === target.sessionId
          : cached.userId === target.userId && cached.sessionId !== target.exceptSessionId,
      );
    },

    purgeExpiredSessions: () => sessions.deleteExpired(new Date(Date.now() - policy.idleMs)),

    /** The actor behind a token, or undefined when it is unknown, expired or idle too long. */
    async resolveToken(token: string): Promise<Actor | undefined> {
      const now = Date.now();
      const tokenHash = hashToken(token);
      const cached = resolved.get(tokenHash);
      if (cached && cached.until > now) return cached.actor;
      if (cached) resolved.delete(tokenHash);

      const lookedUpIn = generation;
      const session = await sessions.findActiveByHash(tokenHash, new Date(now - policy.idleMs));
      if (!session) return undefined;
      if (now - session.lastSeenAt.getTime() > policy.touchEveryMs) {
        await sessions.touchSession(session.id, new Date(now));
      }
      const actor: Actor = { userId: session.userId, role: session.role, sessionId: session.id };
      if (sessionCacheMs > 0 && generation === lookedUpIn) {
        if (resolved.size >= 10_000) resolved.delete(resolved.keys().next().value!);
        resolved.set(tokenHash, {
          actor,
          until: Math.min(now + sessionCacheMs, session.expiresAt.getTime()),
        });
      }
      return actor;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
