import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  briefDraftBodySchema,
  briefDraftResponseSchema,
  briefIdParamsSchema,
  briefResponseSchema,
  briefsPageSchema,
  createBriefBodySchema,
  findBriefsQuerySchema,
} from '@maya/contracts';
import { localeOfRequest } from '../../lib/i18n/index.js';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { BriefsService } from './briefs.service.js';

/** Maya for the buyer: a need read into a brief, the quote requests it sends, their comparison. */
export const briefsRoutes: FastifyPluginAsyncZod<{
  /** The service, created on first use: it loads Maya's reading and the directory search. */
  briefs: () => Promise<BriefsService>;
}> = async (app, { briefs: service }) => {
  app.post(
    '/briefs/draft',
    {
      // The reading searches the directory: as often as Maya is asked.
      preHandler: app.rateLimit({
        max: 30,
        timeWindow: '1 minute',
        keyGenerator: (request) => request.actor?.userId ?? request.ip,
      }),
      schema: {
        tags: ['briefs'],
        summary:
          'Maya reads a need into a brief to confirm, with the businesses that fit (a client only)',
        description:
          'Nothing is sent: the answer is what Maya read (the service, the days, the place, the budget; null what she could not) and up to eight fitting businesses, best first, the first five chosen. A business already in an open negotiation with the caller is marked and not chosen. With `where`, the businesses are searched near that place instead of one the text names, and none found is a draft with no candidates. 400 naming `text` when no service can be read.',
        body: briefDraftBodySchema,
        response: { 200: briefDraftResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      draft: await (
        await service()
      ).draft(requireActor(request), request.body, localeOfRequest(request)),
    }),
  );

  app.post(
    '/briefs',
    {
      schema: {
        tags: ['briefs'],
        summary: 'Send a confirmed brief: a quote request to each business chosen (a client only)',
        description:
          'At most five businesses, each once. Each is asked in its own chat, as `POST /deals` would; one across a block, no longer shown, or already in an open negotiation with the caller is not asked, and is listed in `skipped`. Sent again with the same `clientId`, nothing is sent twice: the answer is 200 with the brief. Five briefs a day.',
        body: createBriefBodySchema,
        response: {
          200: briefResponseSchema,
          201: briefResponseSchema,
          ...problems(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { brief, created } = await (
        await service()
      ).create(requireActor(request), request.body, localeOfRequest(request));
      reply.code(created ? 201 : 200);
      return { brief };
    },
  );

  app.get(
    '/briefs',
    {
      schema: {
        tags: ['briefs'],
        summary: 'My briefs, newest first, with how many businesses have answered (a client only)',
        querystring: findBriefsQuerySchema,
        response: { 200: briefsPageSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => (await service()).list(requireActor(request), request.query),
  );

  app.get(
    '/briefs/:id',
    {
      schema: {
        tags: ['briefs'],
        summary: 'One of my briefs: the businesses asked, their answers, and Maya’s comparison',
        description:
          '`comparison` says how many have answered while one still waits; once each has offered, declined or let the brief’s answer time pass, it ranks the offers by the brief’s priority and the criteria (price, what is included, the days, the rating, the distance). The order the answers came in and a business’s plan are no input. Anyone but the brief’s buyer: 404.',
        params: briefIdParamsSchema,
        response: { 200: briefResponseSchema, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      brief: await (await service()).get(requireActor(request), request.params.id),
    }),
  );
};
