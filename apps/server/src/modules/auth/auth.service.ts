import { createHash, randomBytes } from 'node:crypto';
import type { LoginBody, PrivateUser, Role, SignupBody } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { createThrottle } from '../../lib/throttle.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { UsersService } from '../users/users.service.js';
import { isCommonPassword } from './common-passwords.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface Actor {
  userId: string;
  role: Role;
  sessionId: string;
}

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

export function createAuthService(
  users: UsersService,
  sessions: SessionsRepository,
  policy: SessionPolicy = defaultSessionPolicy,
) {
  // Ten wrong passwords per account, or thirty per address, pause sign-in for fifteen minutes.
  const message = 'Too many failed sign-in attempts. Please wait {seconds} s and try again.';
  const failuresByAccount = createThrottle({ max: 10, windowMs: 15 * 60_000, message });
  const failuresByIp = createThrottle({ max: 30, windowMs: 15 * 60_000, message });

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
      if (isCommonPassword(input.password)) {
        throw new AppError('VALIDATION_FAILED', 'This password is too common. Choose another.', {
          password: 'Too common',
        });
      }
      if (input.role === 'seller' && !input.category) {
        throw new AppError('VALIDATION_FAILED', 'Choose the sector of your business.', {
          category: 'Required for businesses',
        });
      }
      const { password, imageUploadId: _imageUploadId, ...profile } = input;
      const user = await users.createUser({
        ...profile,
        passwordHash: await hashPassword(password),
      });
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
        throw new AppError('INVALID_CREDENTIALS', 'Wrong Credentials');
      }
      failuresByAccount.reset(accountKey);
      return {
        user: await users.getPrivateUser(credentials.id),
        token: await startSession(credentials.id),
      };
    },

    async logout(actor: Actor): Promise<void> {
      await sessions.deleteSession(actor.sessionId);
    },

    /** The actor behind a token, or undefined when it is unknown, expired or idle too long. */
    async resolveToken(token: string): Promise<Actor | undefined> {
      const now = Date.now();
      const session = await sessions.findActiveByHash(
        hashToken(token),
        new Date(now - policy.idleMs),
      );
      if (!session) return undefined;
      if (now - session.lastSeenAt.getTime() > policy.touchEveryMs) {
        await sessions.touchSession(session.id, new Date(now));
      }
      const user = await users.getPrivateUser(session.userId).catch(() => undefined);
      if (!user) return undefined;
      return { userId: user.id, role: user.role, sessionId: session.id };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
