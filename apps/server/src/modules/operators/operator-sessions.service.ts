import { randomBytes } from 'node:crypto';
import {
  FRESH_CODE_MINUTES,
  type OperatorCodeBody,
  type OperatorSession,
  type OperatorSignInBody,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { createLimiter, type LimiterStore } from '../../lib/limiter.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { OperatorSessionState } from '../../plugins/operator-auth.js';
import type { SignInThrottle } from '../auth/sign-in-throttle.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { appendAudit } from './audit.repository.js';
import { toOperator } from './operators.service.js';
import type {
  OperatorQueries,
  OperatorRecord,
  OperatorsRepository,
} from './operators.repository.js';
import { matchingStep, recoveryCodeHash } from './second-factor.js';

/** Wrong codes in a row an operator may send; the next is refused for the rest of the window. */
export const CODE_FAILURE_LIMIT = 5;
/** How long the lock after five wrong codes lasts, at most (a window from the first of them). */
export const CODE_LOCK_MINUTES = 15;
/** A password-only session must be followed by a code within this time. */
export const CODE_STEP_MINUTES = 10;
/** A signed-in operator session ends this long after its code, whatever happens. */
export const OPERATOR_SESSION_HOURS = 12;

// A hash for unknown emails, so a wrong email takes as long as a wrong password.
const decoyHash = hashPassword(randomBytes(16).toString('hex'));

/**
 * Operators' sign-in: the password (hashed and throttled as members' are, on counts of their own),
 * then a TOTP or recovery code, in a session apart from members'. Each completed sign-in, each
 * lock after five wrong codes and each sign-out writes one audit row.
 */
export function createOperatorSessionsService({
  repository,
  signIns,
  limiterStore,
  now = () => new Date(),
}: {
  repository: OperatorsRepository;
  signIns: SignInThrottle;
  limiterStore?: LimiterStore;
  now?: () => Date;
}) {
  const codes = createLimiter({
    name: 'operator-code',
    limit: CODE_FAILURE_LIMIT,
    windowMs: CODE_LOCK_MINUTES * 60_000,
    message: 'Too many wrong codes. Please wait {seconds} s and try again.',
    store: limiterStore,
  });

  async function startSession(
    tx: OperatorQueries,
    operatorId: string,
    secondFactorAt: Date | null,
  ): Promise<string> {
    const token = newToken();
    const at = now();
    await tx.insertSession({
      tokenHash: hashToken(token),
      operatorId,
      secondFactorAt,
      expiresAt: new Date(
        at.getTime() +
          (secondFactorAt ? OPERATOR_SESSION_HOURS * 3_600_000 : CODE_STEP_MINUTES * 60_000),
      ),
    });
    return token;
  }

  /** Whether the code is right, spending it (a TOTP step or a recovery code) if it is. */
  async function spendCode(operator: OperatorRecord, body: OperatorCodeBody): Promise<boolean> {
    if ('recoveryCode' in body) {
      return repository.spendRecoveryCode(operator.id, recoveryCodeHash(body.recoveryCode));
    }
    if (!operator.totpSecret) return false;
    const step = await matchingStep(operator.totpSecret, body.code, operator.totpLastStep, now());
    return step !== undefined && (await repository.acceptStep(operator.id, step));
  }

  return {
    /** The password step: a session that only a code can complete. */
    async signIn(input: OperatorSignInBody, address: string): Promise<{ token: string }> {
      // Counted apart from a member account of the same email.
      const attempt = await signIns.admit({ email: `operator:${input.email}`, address });
      const operator = await repository.findByEmail(input.email);
      const valid = await verifyPassword(
        operator?.passwordHash ?? (await decoyHash),
        input.password,
      );
      if (!operator || !valid || operator.disabledAt) {
        await attempt.failed();
        throw new AppError('INVALID_CREDENTIALS', { key: 'errors:operators.wrongCredentials' });
      }
      await attempt.succeeded();
      return { token: await startSession(repository, operator.id, null) };
    },

    /**
     * The code step. After the password, a right code completes the sign-in in a new session
     * (its token is returned); in a signed-in session it makes the code fresh again for
     * destructive actions. A wrong, replayed or old code counts a failure; the sixth attempt
     * after five failures is refused, right or not.
     */
    async proveCode(
      state: OperatorSessionState,
      body: OperatorCodeBody,
    ): Promise<{ token?: string }> {
      const operatorId = state.stage === 'code' ? state.operatorId : state.actor.operatorId;
      const operator = await repository.findById(operatorId);
      if (!operator || operator.disabledAt) {
        throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
      }
      // Counted before the code is checked, so codes sent side by side cannot all slip in.
      await codes.consume(operator.id);

      if (!(await spendCode(operator, body))) {
        const failures = await repository.countFailure(operator.id);
        if ((await codes.count(operator.id)) === CODE_FAILURE_LIMIT) {
          await appendAudit(repository.db, {
            operatorId: operator.id,
            action: 'operator.codes_locked',
            details: { failures, minutes: CODE_LOCK_MINUTES },
          });
        }
        throw new AppError('INVALID_CODE', { key: 'errors:operators.wrongCode' });
      }
      await codes.reset(operator.id);
      await repository.resetFailures(operator.id);

      const at = now();
      if (state.stage === 'signed-in') {
        await repository.proveSecondFactor(state.actor.sessionId, at);
        return {};
      }
      const method = 'recoveryCode' in body ? 'recovery-code' : 'totp';
      const token = await repository.transaction(async (tx, inner) => {
        await inner.deleteSession(state.sessionId);
        const started = await startSession(inner, operator.id, at);
        await appendAudit(tx, {
          operatorId: operator.id,
          action: 'operator.sign_in',
          details: { method },
        });
        return started;
      });
      return { token };
    },

    async signOut(state: OperatorSessionState): Promise<void> {
      if (state.stage === 'code') return repository.deleteSession(state.sessionId);
      await repository.transaction(async (tx, inner) => {
        await inner.deleteSession(state.actor.sessionId);
        await appendAudit(tx, { operatorId: state.actor.operatorId, action: 'operator.sign_out' });
      });
    },

    /** The session a cookie's token opens, if it is live and its operator is not disabled. */
    async resolveToken(token: string): Promise<OperatorSessionState | undefined> {
      const found = await repository.findSession(hashToken(token), now());
      if (!found || found.operator.disabledAt) return undefined;
      const { session, operator } = found;
      if (!session.secondFactorAt) {
        return {
          stage: 'code',
          sessionId: session.id,
          operatorId: operator.id,
          createdAt: session.createdAt,
        };
      }
      return {
        stage: 'signed-in',
        actor: {
          operatorId: operator.id,
          role: operator.role,
          sessionId: session.id,
          secondFactorAt: session.secondFactorAt,
          language: operator.language,
        },
      };
    },

    /** The session as the console reads it. */
    async describe(state: OperatorSessionState): Promise<OperatorSession> {
      if (state.stage === 'code') return { stage: 'code' };
      const operator = await repository.findById(state.actor.operatorId);
      if (!operator) throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
      return {
        stage: 'signed-in',
        operator: toOperator(operator),
        freshUntil: new Date(
          state.actor.secondFactorAt.getTime() + FRESH_CODE_MINUTES * 60_000,
        ).toISOString(),
      };
    },

    purgeExpired: () => repository.purgeExpiredSessions(now()),
  };
}

export type OperatorSessionsService = ReturnType<typeof createOperatorSessionsService>;
