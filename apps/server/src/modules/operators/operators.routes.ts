import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  auditVerificationSchema,
  createOperatorBodySchema,
  operatorCodeBodySchema,
  operatorEnrolmentSchema,
  operatorIdParamsSchema,
  operatorSchema,
  operatorSessionSchema,
  operatorSignInBodySchema,
  operatorsSchema,
  updateOperatorBodySchema,
} from '@maya/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { security } from '../../plugins/auth.js';
import {
  OPERATOR_COOKIE,
  operatorOnly,
  operatorSessionOnly,
  operatorSecurity,
  requireOperator,
} from '../../plugins/operator-auth.js';
import { problems } from '../../plugins/problem.js';
import {
  CODE_STEP_MINUTES,
  OPERATOR_SESSION_HOURS,
  type OperatorSessionsService,
} from './operator-sessions.service.js';
import type { OperatorsService } from './operators.service.js';

/**
 * The operator console's API, under /api/v1/admin (app.ts gives the prefix). Sign-in is open;
 * every other route is for a signed-in operator only (operatorOnly, before the body is read), and
 * managing operators for admins, with a fresh code for every change.
 */
export const operatorsRoutes: FastifyPluginAsyncZod<{
  sessions: OperatorSessionsService;
  operators: OperatorsService;
}> = async (app, { sessions, operators }) => {
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '15 minutes' } });
  const tags = ['admin'];

  app.post(
    '/session',
    {
      config: perIp(100),
      schema: {
        tags,
        summary: `Operator sign-in, first step: email and password. A code must follow within ${CODE_STEP_MINUTES} minutes (POST /admin/session/code)`,
        body: operatorSignInBodySchema,
        security: security.none,
        response: { 200: operatorSessionSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token } = await sessions.signIn(request.body, request.ip);
      reply.setOperatorCookie(token, CODE_STEP_MINUTES * 60);
      return { stage: 'code' as const };
    },
  );

  app.post(
    '/session/code',
    {
      config: perIp(100),
      onRequest: operatorSessionOnly(),
      schema: {
        tags,
        summary:
          'Operator sign-in, second step: a TOTP code (the current 30-second step or the one before, each once) or a one-time recovery code. In a signed-in session, it makes the code fresh again for destructive actions. After five wrong codes in a row, codes are refused for up to 15 minutes',
        body: operatorCodeBodySchema,
        security: operatorSecurity,
        response: { 200: operatorSessionSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const state = request.operatorSession;
      if (!state) throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
      const { token } = await sessions.proveCode(state, request.body);
      if (!token) {
        const refreshed = await sessions.resolveToken(request.cookies[OPERATOR_COOKIE] ?? '');
        return sessions.describe(refreshed ?? state);
      }
      reply.setOperatorCookie(token, OPERATOR_SESSION_HOURS * 3_600);
      const started = await sessions.resolveToken(token);
      return sessions.describe(started!);
    },
  );

  app.get(
    '/session',
    {
      onRequest: operatorSessionOnly(),
      schema: {
        tags,
        summary:
          "The operator's session: waiting for a code, or signed in (with when the code stops being fresh)",
        security: operatorSecurity,
        response: { 200: operatorSessionSchema, ...problems(401) },
      },
    },
    async (request) => {
      const state = request.operatorSession;
      if (!state) throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
      return sessions.describe(state);
    },
  );

  app.delete(
    '/session',
    {
      onRequest: operatorSessionOnly(),
      schema: {
        tags,
        summary: 'Operator sign-out',
        security: operatorSecurity,
        response: { 204: z.null(), ...problems(401, 403) },
      },
    },
    async (request, reply) => {
      const state = request.operatorSession;
      if (!state) throw new AppError('UNAUTHENTICATED', { key: 'errors:operators.signIn' });
      await sessions.signOut(state);
      reply.clearOperatorCookie().code(204);
      return null;
    },
  );

  app.get(
    '/operators',
    {
      onRequest: operatorOnly({ role: 'admin' }),
      schema: {
        tags,
        summary: 'Every operator (admins only)',
        security: operatorSecurity,
        response: { 200: operatorsSchema, ...problems(401, 403) },
      },
    },
    async (request) => ({
      operators: await operators.listOperators(requireOperator(request, { role: 'admin' })),
    }),
  );

  app.post(
    '/operators',
    {
      onRequest: operatorOnly({ role: 'admin', fresh: true }),
      schema: {
        tags,
        summary:
          'Create an operator (admins only, with a fresh code): the answer holds the password, the TOTP secret and ten recovery codes, shown this once',
        body: createOperatorBodySchema,
        security: operatorSecurity,
        response: { 201: operatorEnrolmentSchema, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = requireOperator(request, { role: 'admin', fresh: true });
      const enrolment = await operators.createOperator(actor, request.body);
      reply.code(201).header('cache-control', 'no-store');
      return enrolment;
    },
  );

  app.patch(
    '/operators/:id',
    {
      onRequest: operatorOnly({ role: 'admin', fresh: true }),
      schema: {
        tags,
        summary:
          "Change an operator's role, or disable them and end their sessions (admins only, with a fresh code; never one's own)",
        params: operatorIdParamsSchema,
        body: updateOperatorBodySchema,
        security: operatorSecurity,
        response: { 200: operatorSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireOperator(request, { role: 'admin', fresh: true });
      return operators.updateOperator(actor, request.params.id, request.body);
    },
  );

  app.get(
    '/audit',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        summary: 'The audit log, newest first, a page at a time',
        querystring: auditQuerySchema,
        security: operatorSecurity,
        response: { 200: auditPageSchema, ...problems(400, 401) },
      },
    },
    async (request) => operators.findAudit(requireOperator(request), request.query),
  );

  app.get(
    '/audit/verification',
    {
      onRequest: operatorOnly(),
      schema: {
        tags,
        summary: "The audit log's hash chain checked from its first row",
        security: operatorSecurity,
        response: { 200: auditVerificationSchema, ...problems(401) },
      },
    },
    async (request) => operators.verifyAudit(requireOperator(request)),
  );
};
