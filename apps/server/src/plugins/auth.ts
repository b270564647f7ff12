import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { Actor } from '../lib/actor.js';

export const SESSION_COOKIE = 'maya_session';
/** The device cookie: tokens of the accounts this browser signed in to (known-devices.service.ts). */
export const DEVICE_COOKIE = 'maya_device';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** How the session arrived; only cookie sessions need CSRF protection. */
    sessionSource: 'cookie' | 'bearer' | null;
  }
  interface FastifyReply {
    setSessionCookie(token: string, maxAgeSeconds: number): FastifyReply;
    clearSessionCookie(): FastifyReply;
    setDeviceCookie(value: string, maxAgeSeconds: number): FastifyReply;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer ([\w-]{20,200})$/);
  return match?.[1];
}

/** The token a request's session arrives with: a Bearer token before the cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  return bearerToken(request.headers.authorization) ?? request.cookies[SESSION_COOKIE];
}

/** The signed-in actor of a request, or a 401 problem. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.actor;
}

/**
 * Who may call an operation, as its route's `schema.security` (the OpenAPI security
 * requirements). A route that declares none is `signedIn`: the OpenAPI document says so and
 * this plugin answers an anonymous call 401 before the request is even validated, so what the
 * document says is what the server does.
 */
type SecurityRequirements = Record<string, string[]>[];

export const security: Record<'none' | 'optional' | 'signedIn', SecurityRequirements> = {
  /** Anyone; no session is read. */
  none: [],
  /** Anyone, and a session (cookie or Bearer) changes the answer. */
  optional: [{ session: [] }, { bearer: [] }, {}],
  /** A session, from the cookie or a Bearer token. */
  signedIn: [{ session: [] }, { bearer: [] }],
};

/** Whether a route takes the default, `security.signedIn`: it has a documented schema and says nothing. */
export function takesDefaultSecurity(schema: { hide?: boolean; security?: unknown } | undefined) {
  return schema !== undefined && schema.hide !== true && schema.security === undefined;
}

/** What the plugin needs of auth's sessions, passed in (infrastructure never imports a module). */
export interface SessionResolver {
  resolveToken(token: string): Promise<Actor | undefined>;
}

export default fp<{ sessions: SessionResolver; publicUrl: string }>(
  async (app, { sessions, publicUrl }) => {
    const secure = publicUrl.startsWith('https:');
    const publicOrigin = new URL(publicUrl).origin;
    await app.register(cookie);

    app.decorateRequest('actor', null);
    app.decorateRequest('sessionSource', null);
    // A route that says nothing of its security is for signed-in callers (see `security`): an
    // anonymous call is answered 401 before its request is validated.
    app.addHook('onRoute', (route) => {
      if (!takesDefaultSecurity(route.schema)) return;
      const hooks = route.preValidation ?? [];
      route.preValidation = [
        ...(Array.isArray(hooks) ? hooks : [hooks]),
        async (request) => {
          requireActor(request);
        },
      ];
    });
    app.decorateReply(
      'setSessionCookie',
      function (this: FastifyReply, token: string, maxAge: number) {
        return this.setCookie(SESSION_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
          maxAge,
        });
      },
    );
    // Read only by the sign-in routes, all under /api/; never needed by another site.
    app.decorateReply(
      'setDeviceCookie',
      function (this: FastifyReply, value: string, maxAge: number) {
        return this.setCookie(DEVICE_COOKIE, value, {
          httpOnly: true,
          sameSite: 'strict',
          secure,
          path: '/api/',
          maxAge,
        });
      },
    );
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const bearer = bearerToken(request.headers.authorization);
      const token = requestToken(request);
      if (!token) return;
      const actor = await sessions.resolveToken(token);
      if (actor) {
        request.actor = actor;
        request.sessionSource = bearer ? 'bearer' : 'cookie';
      } else if (!bearer) {
        reply.clearSessionCookie();
      }
    });

    // A cross-site page cannot send a custom header without a CORS preflight (which this server
    // never grants), and browsers send Origin on cross-site writes; either proves same-origin.
    app.addHook('preHandler', async (request) => {
      if (!UNSAFE_METHODS.has(request.method) || request.sessionSource === 'bearer') return;
      if (!request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      if (origin) {
        const sameHost = `${request.protocol}://${request.host}`;
        if (origin === publicOrigin || origin === sameHost) return;
        throw new AppError('FORBIDDEN', 'This request came from another site and was refused.');
      }
      if (request.headers['x-requested-with']) return;
      if (request.sessionSource === 'cookie' || request.cookies[SESSION_COOKIE]) {
        throw new AppError(
          'FORBIDDEN',
          'This request is missing its same-origin proof (Origin or X-Requested-With).',
        );
      }
    });
  },
  { name: 'auth', dependencies: ['error-handler'] },
);
