import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAppealsQuerySchema,
  adminAppealsSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  appealByLinkBodySchema,
  appealLinkBodySchema,
  appealSchema,
  createAppealBodySchema,
  createDecisionBodySchema,
  decideAppealBodySchema,
  decisionSchema,
  destructiveDecisionKinds,
  moderationIdParamsSchema,
  myDecisionSchema,
  myDecisionsSchema,
  reportGroupsSchema,
  transparencyQuerySchema,
  transparencySchema,
} from '@maya/contracts';
import { requireActor, security } from '../../plugins/auth.js';
import { operatorOnly, operatorSecurity, requireOperator } from '../../plugins/operator-auth.js';
import { problems } from '../../plugins/problem.js';
import { APPEAL_WINDOW_MONTHS, type ModerationService } from './moderation.service.js';

/** Appeals one address may send through mailed links an hour, as a signed-in member may. */
export const LINK_APPEALS_PER_HOUR = 10;

/**
 * The console's moderation API under /admin (an operator session only, refused before the body
 * is read), the affected person's decisions and appeals under /me, and the same statement and
 * appeal opened by the link mailed with it, with no session (`/decisions/statement`,
 * `/decisions/appeal`). No route here lets an operator browse chats: messages reach them only as
 * a report's frozen evidence.
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

  // The mailed appeal link's two requests. Its token rides in the body, never in a URL, so no
  // access log holds it; limited per address like the other mailed links' routes.
  app.post(
    '/decisions/statement',
    {
      config: { rateLimit: { max: 50, timeWindow: '15 minutes' } },
      schema: {
        tags: ['moderation'],
        security: security.none,
        summary: 'The statement of reasons a mailed appeal link opens; no sign-in',
        description:
          "Every statement of reasons but a dismissal's is mailed with a link, `/appeal?token=…`, that opens it without signing in, also while the account is suspended or terminated. The answer is the decision as `GET /me/decisions` lists it, with its appeal. A token this server did not sign, or one whose decision or account is gone, is a 404 that says no more.",
        body: appealLinkBodySchema,
        response: { 200: myDecisionSchema, ...problems(400, 404, 429) },
      },
    },
    async (request) => moderation.openAppealLink(request.body.token),
  );

  app.post(
    '/decisions/appeal',
    {
      config: { rateLimit: { max: LINK_APPEALS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['moderation'],
        security: security.none,
        summary: 'Appeal a decision through its mailed link: no sign-in; once, within six months',
        description: `The same appeal as \`POST /me/decisions/{id}/appeal\`, under the same rules: once per decision (409), within ${APPEAL_WINDOW_MONTHS} months of it (409); another operator decides it. A token this server did not sign is a 404. At most ${LINK_APPEALS_PER_HOUR} an address an hour (429).`,
        body: appealByLinkBodySchema,
        response: { 201: appealSchema, ...problems(400, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await moderation.appealByLink(request.body)),
  );
};
