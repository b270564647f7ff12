import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  changeEmailBodySchema,
  currentSessionSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  updateProfileBodySchema,
  type PasswordResetRequestBody,
  meResponseSchema,
  problemSchema,
  sessionResponseSchema,
  signupBodySchema,
} from '@maya/contracts';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService, SessionPolicy } from './auth.service.js';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };

/**
 * A reset request's answer, here and at the old client's PUT /api/user/password/forgetpassword:
 * the same words and nearly the same time whether or not the email is registered, since the
 * service looks it up and mails only after the reply.
 */
export function passwordResetRequestHandler(auth: AuthService) {
  return async (
    request: FastifyRequest<{ Body: PasswordResetRequestBody }>,
    reply: FastifyReply,
  ) => {
    auth.requestPasswordReset(request.body.email, request.ip);
    reply.code(202);
    return {
      message: 'If an account exists for that email, we have sent a link to reset the password.',
    };
  };
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  users: UsersService;
  sessionPolicy: SessionPolicy;
}> = async (app, { auth, users, sessionPolicy }) => {
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
        summary: 'Create an account and sign in',
        body: signupBodySchema,
        response: { 201: sessionResponseSchema, 409: problemSchema, ...problems },
      },
    },
    async (request, reply) => {
      const session = await auth.signup(request.body);
      reply.setSessionCookie(session.token, cookieAge).code(201);
      return session;
    },
  );

  app.post(
    '/auth/login',
    {
      config: perIp(300),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: sessionResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip);
      reply.setSessionCookie(session.token, cookieAge);
      return session;
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await auth.logout(actor);
      reply.clearSessionCookie().code(204);
      return null;
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null (never 401, so a signed-out page load logs no error)',
        response: { 200: currentSessionSchema },
      },
    },
    async (request) => ({
      user: request.actor ? await users.getPrivateUser(request.actor.userId) : null,
    }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: meResponseSchema, 401: problemSchema },
      },
    },
    async (request) => ({ user: await users.getPrivateUser(requireActor(request).userId) }),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Update name, description, sector or location',
        body: updateProfileBodySchema,
        response: { 200: meResponseSchema, ...problems },
      },
    },
    async (request) => ({ user: await users.updateProfile(requireActor(request), request.body) }),
  );

  app.put(
    '/me/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the sign-in email (current password required)',
        body: changeEmailBodySchema,
        response: { 200: meResponseSchema, 409: problemSchema, ...problems },
      },
    },
    async (request) => ({ user: await auth.changeEmail(requireActor(request), request.body) }),
  );

  app.put(
    '/me/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session is signed out',
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await auth.changePassword(requireActor(request), request.body);
      reply.code(204);
      return null;
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the account and its personal data (password required)',
        body: deleteAccountBodySchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await auth.deleteAccount(requireActor(request), request.body.password);
      reply.clearSessionCookie().code(204);
      return null;
    },
  );

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a single-use reset link; the same answer whether or not the email is registered',
        body: passwordResetRequestBodySchema,
        response: { 202: acceptedSchema, ...problems },
      },
    },
    passwordResetRequestHandler(auth),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: perIp(50),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; every session is signed out',
        body: passwordResetConfirmBodySchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await auth.confirmPasswordReset(request.body);
      reply.code(204);
      return null;
    },
  );
};
