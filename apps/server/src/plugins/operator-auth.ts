import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FRESH_CODE_MINUTES } from '@maya/contracts';
import { AppError } from '../lib/app-error.js';
import type { OperatorActor } from '../lib/operator-actor.js';

/**
 * The operator console's session cookie, apart from members' `maya_session`: sent only to the
 * console's API (its path), never readable by scripts, never sent from another site. A member's
 * session never makes an operator, and an operator's session is never a member's.
 */
export const OPERATOR_COOKIE = 'maya_operator';
export const ADMIN_API_PREFIX = '/api/v1/admin';

/** The OpenAPI security of every console route but sign-in (plugins/openapi.ts names the scheme). */
export const operatorSecurity = [{ operatorSession: [] }];

/** A request's operator session: only the password proven yet (`code`), or signed in. */
export type OperatorSessionState =
  | { stage: 'code'; sessionId: string; operatorId: string; createdAt: Date }
  | { stage: 'signed-in'; actor: OperatorActor };

/** What the plugin needs of the operators module, passed in (infrastructure never imports a module). */
export interface OperatorSessionResolver {
  resolveToken(token: string): Promise<OperatorSessionState | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    operatorSession: OperatorSessionState | null;
  }
  interface FastifyReply {
    setOperatorCookie(token: string, maxAgeSeconds: number): FastifyReply;
    clearOperatorCookie(): FastifyReply;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FRESH_MS = FRESH_CODE_MINUTES * 60_000;

/**
 * The signed-in operator of a request, or a problem: 401 without a signed-in operator session
 * (a member's session counts for nothing here), 403 when `role: 'admin'` is asked of a moderator,
 * and FRESH_CODE_REQUIRED when `fresh` is asked and the session's code was proven more than five
 * minutes ago, so the console asks for a new code and sends the action again.
 */
export function requireOperator(
  request: FastifyRequest,
  options: { role?: 'admin'; fresh?: boolean } = {},
  now = new Date(),
): OperatorActor {
  const session = request.operatorSession;
  if (session?.stage !== 'signed-in') {
    throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
  }
  const { actor } = session;
  if (options.role === 'admin' && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { key: 'errors:operators.adminsOnly' });
  }
  if (options.fresh && now.getTime() - actor.secondFactorAt.getTime() > FRESH_MS) {
    throw new AppError('FRESH_CODE_REQUIRED', { key: 'errors:operators.freshCode' });
  }
  return actor;
}

/**
 * `requireOperator` as a route's onRequest hook, so a caller who is not a signed-in operator is
 * refused before the body is even read or validated: `{ onRequest: operatorOnly({ fresh: true }) }`.
 */
export function operatorOnly(options: { role?: 'admin'; fresh?: boolean } = {}) {
  return async (request: FastifyRequest) => {
    requireOperator(request, options);
  };
}

/** An onRequest hook for the sign-in's own routes: any operator session, even one waiting for a code. */
export function operatorSessionOnly() {
  return async (request: FastifyRequest) => {
    if (!request.operatorSession) {
      throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
    }
  };
}

export default fp<{ sessions: OperatorSessionResolver; publicUrl: string }>(
  async (app, { sessions, publicUrl }) => {
    const secure = publicUrl.startsWith('https:');
    const publicOrigin = new URL(publicUrl).origin;
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure,
      path: ADMIN_API_PREFIX,
    };

    app.decorateRequest('operatorSession', null);
    app.decorateReply(
      'setOperatorCookie',
      function (this: FastifyReply, token: string, maxAge: number) {
        return this.setCookie(OPERATOR_COOKIE, token, { ...cookieOptions, maxAge });
      },
    );
    app.decorateReply('clearOperatorCookie', function (this: FastifyReply) {
      return this.clearCookie(OPERATOR_COOKIE, cookieOptions);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.url !== ADMIN_API_PREFIX && !request.url.startsWith(`${ADMIN_API_PREFIX}/`)) {
        return;
      }
      // Writes prove they come from this site, as members' do (plugins/auth.ts); the cookie is
      // SameSite=Strict besides.
      if (UNSAFE_METHODS.has(request.method)) {
        const origin = request.headers.origin;
        const sameHost = `${request.protocol}://${request.host}`;
        const proven = origin
          ? origin === publicOrigin || origin === sameHost
          : Boolean(request.headers['x-requested-with']);
        if (!proven) throw new AppError('FORBIDDEN', { key: 'errors:request.crossSite' });
      }
      const token = request.cookies[OPERATOR_COOKIE];
      if (!token) return;
      const session = /^[\w-]{20,200}$/.test(token)
        ? await sessions.resolveToken(token)
        : undefined;
      if (session) request.operatorSession = session;
      else reply.clearOperatorCookie();
    });
  },
  { name: 'operator-auth', dependencies: ['auth'] },
);
