import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legacyMessageAnswerSchema,
  legacySessionAnswerSchema,
  legacySignupBodySchema,
  loginBodySchema,
  passwordResetRequestBodySchema,
} from '@maya/contracts';
import {
  DEVICE_COOKIE_AGE,
  passwordResetRequestHandler,
  signInOrigin,
} from '../auth/auth.routes.js';
import type { MailedLinksService } from '../auth/mailed-links.service.js';
import { legacyOperation, legacyProblems, perIp } from './legacy.openapi.js';
import type { LegacyUsersService } from './legacy.users.service.js';

/** The original client's sign-in, sign-up and password recovery. */
export const legacyAuthRoutes: FastifyPluginAsyncZod<{
  users: LegacyUsersService;
  links: MailedLinksService;
}> = async (app, { users, links }) => {
  app.post(
    '/api/user/login',
    {
      config: perIp(300),
      schema: {
        ...legacyOperation(
          'Sign in (old client): the user, a session token for `Bearer`, and `exists`',
        ),
        security: [],
        body: loginBodySchema,
        response: { 200: legacySessionAnswerSchema, ...legacyProblems },
      },
    },
    async (request, reply) => {
      const { answer, deviceCookie } = await users.signIn(request.body, signInOrigin(request));
      reply.setDeviceCookie(deviceCookie, DEVICE_COOKIE_AGE);
      return answer;
    },
  );

  app.post(
    '/api/user',
    {
      config: perIp(50),
      schema: {
        ...legacyOperation('Sign up (old client): `fullname` is split into first and last name'),
        security: [],
        body: legacySignupBodySchema,
        response: { 201: legacySessionAnswerSchema, ...legacyProblems },
      },
    },
    async (request, reply) => {
      const answer = await users.signUp(request.body);
      reply.code(201);
      return answer;
    },
  );

  app.put(
    '/api/user/password/forgetpassword',
    {
      schema: {
        ...legacyOperation(
          'Forgot password (old client): mails a single-use reset link, never a password; the same answer whether or not the email is registered',
        ),
        security: [],
        body: passwordResetRequestBodySchema,
        response: { 202: legacyMessageAnswerSchema, ...legacyProblems },
      },
    },
    passwordResetRequestHandler(links),
  );
};
