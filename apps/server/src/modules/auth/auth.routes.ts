import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
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

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  users: UsersService;
  sessionPolicy: SessionPolicy;
}> = async (app, { auth, users, sessionPolicy }) => {
  const cookieAge = Math.floor(sessionPolicy.absoluteMs / 1000);
  const perIp = app.rateLimit({ max: 60, timeWindow: '15 minutes', hook: 'preHandler' });

  app.post(
    '/auth/signup',
    {
      preHandler: [perIp],
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
      preHandler: [perIp],
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
};
