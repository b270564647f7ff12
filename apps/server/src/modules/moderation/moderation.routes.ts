import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAppealsQuerySchema,
  adminAppealsSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  appealSchema,
  createAppealBodySchema,
  createDecisionBodySchema,
  decideAppealBodySchema,
  decisionSchema,
  destructiveDecisionKinds,
  moderationIdParamsSchema,
  myDecisionsSchema,
  reportGroupsSchema,
  transparencyQuerySchema,
  transparencySchema,
} from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import { operatorOnly, operatorSecurity, requireOperator } from '../../plugins/operator-auth.js';
import { problems } from '../../plugins/problem.js';
import type { ModerationService } from './moderation.service.js';

/**
 * The console's moderation API under /admin (an operator session only, refused before the body
 * is read), and the affected person's decisions and appeals under /me. No route here lets an
 * operator browse chats: messages reach them only as a report's frozen evidence.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  const admin = { tags: ['admin'], security: operatorSecurity };
  const signedInOperator = { onRequest: operatorOnly() };

  app.get(
    '/admin/reports',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: 'Open or resolved reports and notices, grouped by the reported person',
        querystring: adminReportsQuerySchema,
        response: { 200: reportGroupsSchema, ...problems(400, 401) },
      },
    },
    async (request) => moderation.findReportGroups(requireOperator(request), request.query.status),
  );

  app.get(
    '/admin/reports/:id',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: 'One report with its evidence, frozen when it was made',
        params: moderationIdParamsSchema,
        response: { 200: adminReportSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => moderation.getReport(requireOperator(request), request.params.id),
  );

  app.get(
    '/admin/users',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: "Members by email or name, each with its account's status and history",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersSchema, ...problems(400, 401) },
      },
    },
    async (request) => moderation.searchUsers(requireOperator(request), request.query.q),
  );

  app.post(
    '/admin/decisions',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: 'Decide about a member, with the statement of reasons mailed to them',
        description:
          'hide, suspend and terminate need a code proven in the last five minutes (FRESH_CODE_REQUIRED otherwise). A business is terminated 30 days on unless `exception` is recorded; a buyer at once.',
        body: createDecisionBodySchema,
        response: { 201: decisionSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const fresh = (destructiveDecisionKinds as readonly string[]).includes(request.body.kind);
      const decision = await moderation.decide(requireOperator(request, { fresh }), request.body);
      return reply.status(201).send(decision);
    },
  );

  app.get(
    '/admin/appeals',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: 'Open or decided appeals, each with the decision appealed',
        querystring: adminAppealsQuerySchema,
        response: { 200: adminAppealsSchema, ...problems(400, 401) },
      },
    },
    async (request) => moderation.findAppeals(requireOperator(request), request.query.status),
  );

  app.post(
    '/admin/appeals/:id/decision',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: "Decide an appeal: another operator than the decision's author",
        params: moderationIdParamsSchema,
        body: decideAppealBodySchema,
        response: { 200: appealSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      moderation.decideAppeal(
        requireOperator(request, { fresh: request.body.outcome === 'reversed' }),
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/admin/transparency',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: "A year's notices, reports, decisions by kind and median time to decision",
        querystring: transparencyQuerySchema,
        response: { 200: transparencySchema, ...problems(400, 401) },
      },
    },
    async (request) => moderation.transparency(requireOperator(request), request.query.year),
  );

  app.get(
    '/me/decisions',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Decisions about the signed-in member, each with its statement of reasons',
        response: { 200: myDecisionsSchema, ...problems(401) },
      },
    },
    async (request) => moderation.findMyDecisions(requireActor(request)),
  );

  app.post(
    '/me/decisions/:id/appeal',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['moderation'],
        summary: 'Appeal a decision about me: once, within six months; another person decides',
        params: moderationIdParamsSchema,
        body: createAppealBodySchema,
        response: { 201: appealSchema, ...problems(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await moderation.appeal(requireActor(request), request.params.id, request.body)),
  );
};
