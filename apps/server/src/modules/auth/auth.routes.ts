import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  currentSessionSchema,
  emailConfirmationConfirmBodySchema,
  emailConfirmedSchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  type PasswordResetRequestBody,
  sessionResponseSchema,
  signInLinkConfirmBodySchema,
  signInLinkRequestBodySchema,
  signupAcceptedSchema,
  signupBodySchema,
  signupResendBodySchema,
} from '@maya/contracts';
import { z } from 'zod';
import { DEVICE_COOKIE, requestToken, requireActor, security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { AccountService } from '../account/account.service.js';
import type { AuthService, SignInOrigin } from './auth.service.js';
import { KNOWN_DEVICE_DAYS } from './known-devices.service.js';
import {
  EMAIL_CONFIRMATION_HOURS,
  SIGN_IN_LINK_MINUTES,
  type MailedLinksService,
} from './mailed-links.service.js';
import type { SessionPolicy, SessionsService } from './sessions.service.js';
import { sessionCacheKey } from './tokens.js';
import { localeOfRequest } from '../../lib/i18n/index.js';
import { sentenceIn } from '../../lib/i18n/sentences.js';

/**
 * A reset request's answer, here and at the old client's PUT /api/user/password/forgetpassword:
 * the same words and nearly the same time whether or not the email is registered, since the
 * service looks it up and mails only after the reply.
 */
export function passwordResetRequestHandler(links: MailedLinksService) {
  return async (
    request: FastifyRequest<{ Body: PasswordResetRequestBody }>,
    reply: FastifyReply,
  ) => {
    await links.requestPasswordReset(request.body.email, request.ip);
    reply.code(202);
    return { message: sentenceIn(request, { key: 'auth:answers.resetAsked' }) };
  };
}

/** The client's address and the device cookie it sent, which sign-in throttling weighs. */
export function signInOrigin(request: FastifyRequest): SignInOrigin {
  return { ip: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
}

/** The device cookie lasts as long as the device stays known. */
export const DEVICE_COOKIE_AGE = KNOWN_DEVICE_DAYS * 24 * 3_600;

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  links: MailedLinksService;
  sessions: SessionsService;
  account: AccountService;
  sessionPolicy: SessionPolicy;
}> = async (app, { auth, links, sessions, account, sessionPolicy }) => {
  const cookieAge = Math.floor(sessionPolicy.absoluteMs / 1000);
  // A ceiling per address for each route on its own, against floods: failed sign-ins have their
  // own, tighter throttles in the service. Generous, since one office or school can share an address.
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '15 minutes' } });

  app.post(
    '/auth/signup',
    {
      config: perIp(50),
      schema: {
        tags: ['auth'],
        summary: `Sign up: the same answer whether or not the email is registered. A new account is mailed a link that confirms the address and signs in (single use, valid ${EMAIL_CONFIRMATION_HOURS} hours); an email with an account gets its owner a notice instead`,
        body: signupBodySchema,
        security: security.none,
        response: { 202: signupAcceptedSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // Mailed in the language the sign-up asked in, else the visitor's (web cookie, browser).
      await auth.requestSignup({
        ...request.body,
        language: request.body.language ?? localeOfRequest(request),
      });
      reply.code(202);
      return { email: request.body.email, status: 'check-your-email' as const };
    },
  );

  app.post(
    '/auth/signup/resend',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Mail a sign-up's link again (an email with a confirmed account: the notice again); the same answer whether or not the email is registered",
        body: signupResendBodySchema,
        security: security.none,
        response: { 202: signupAcceptedSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, ...options } = request.body;
      await links.resendSignupMail(email, request.ip, {
        ...options,
        language: options.language ?? localeOfRequest(request),
      });
      reply.code(202);
      return { email, status: 'check-your-email' as const };
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIp(300),
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password; the device cookie it sets spares this browser the pauses others cause',
        body: loginBodySchema,
        security: security.none,
        response: { 200: sessionResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user, token, deviceCookie } = await auth.login(request.body, signInOrigin(request));
      reply.setSessionCookie(token, cookieAge).setDeviceCookie(deviceCookie, DEVICE_COOKIE_AGE);
      return { user, token };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 204: z.null(), ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await sessions.end(requireActor(request));
      reply.clearSessionCookie().code(204);
      return null;
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user and the key the web app seals its saved data with, or null (never 401, so a signed-out page load logs no error)',
        security: security.optional,
        response: { 200: currentSessionSchema },
      },
    },
    async (request, reply) => {
      // It carries the key the browser's saved data is sealed with: never kept by a cache.
      reply.header('cache-control', 'no-store');
      const token = requestToken(request);
      if (!request.actor || !token) return { user: null };
      return {
        user: await account.getPrivateUser(request.actor.userId),
        cacheKey: sessionCacheKey(token),
      };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a single-use reset link; the same answer whether or not the email is registered',
        description:
          'Answers 202 once the mail is queued (it is then sent, or retried); 503 with Retry-After when it cannot be queued, for any email alike.',
        body: passwordResetRequestBodySchema,
        security: security.none,
        response: { 202: acceptedSchema, ...problems(400, 401, 403, 429, 503) },
      },
    },
    passwordResetRequestHandler(links),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: perIp(50),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; every session is signed out',
        body: passwordResetConfirmBodySchema,
        security: security.none,
        response: { 204: z.null(), ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await links.confirmPasswordReset(request.body);
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/auth/sign-in-link',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a single-use sign-in link; the same answer whether or not the email is registered',
        description:
          'Answers 202 once the mail is queued (it is then sent, or retried); 503 with Retry-After when it cannot be queued, for any email alike. A newer link revokes the older ones not used yet.',
        body: signInLinkRequestBodySchema,
        security: security.none,
        response: { 202: acceptedSchema, ...problems(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      await links.requestSignInLink(request.body.email, request.ip, request.body.next);
      reply.code(202);
      return { message: sentenceIn(request, { key: 'auth:answers.signInLinkAsked' }) };
    },
  );

  app.post(
    '/auth/sign-in-link/confirm',
    {
      config: perIp(50),
      schema: {
        tags: ['auth'],
        summary: `Sign in with a mailed link (single use, valid ${SIGN_IN_LINK_MINUTES} minutes)`,
        body: signInLinkConfirmBodySchema,
        security: security.none,
        response: { 200: sessionResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user, token, deviceCookie } = await links.signInWithLink(
        request.body.token,
        signInOrigin(request),
      );
      reply.setSessionCookie(token, cookieAge).setDeviceCookie(deviceCookie, DEVICE_COOKIE_AGE);
      return { user, token };
    },
  );

  app.post(
    '/auth/email-confirmation',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail the signed-in account the link that confirms its email again (limited per account and address)',
        response: { 202: acceptedSchema, ...problems(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await links.resendEmailConfirmation(requireActor(request), request.ip);
      reply.code(202);
      return { message: sentenceIn(request, { key: 'auth:answers.confirmationResent' }) };
    },
  );

  app.post(
    '/auth/email-confirmation/confirm',
    {
      config: perIp(50),
      schema: {
        tags: ['auth'],
        security: security.none,
        summary: `Confirm an email address with a mailed link (single use, valid ${EMAIL_CONFIRMATION_HOURS} hours); no session needed. A link for a new address moves the account to it; a sign-up's link also signs in (session and device cookies, and \`session\` in the answer).`,
        body: emailConfirmationConfirmBodySchema,
        response: { 200: emailConfirmedSchema, ...problems(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email, signedIn } = await links.confirmEmail(
        request.body.token,
        signInOrigin(request),
      );
      if (!signedIn) return { email };
      const { user, token, deviceCookie } = signedIn;
      reply.setSessionCookie(token, cookieAge).setDeviceCookie(deviceCookie, DEVICE_COOKIE_AGE);
      return { email, session: { user, token } };
    },
  );
};
