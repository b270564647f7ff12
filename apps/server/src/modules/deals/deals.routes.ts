import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dealActionBodySchema,
  dealIdParamsSchema,
  dealMoveResponseSchema,
  dealResponseSchema,
  dealsPageSchema,
  findDealsQuerySchema,
  startDealBodySchema,
} from '@maya/contracts';
import { localeOfRequest } from '../../lib/i18n/index.js';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import { dealSummary, dealSummaryPage } from './deal-summary-page.js';
import type { DealsService } from './deals.service.js';

/** A move's answers: 201 when it is taken now, 200 when its `clientId` was taken before. */
const moveResponse = {
  200: dealMoveResponseSchema,
  201: dealMoveResponseSchema,
  ...problems(400, 401, 403, 404, 409, 429),
};

/** A move's answer, with the status that says whether it was taken now. */
function moveAnswer<T>(
  reply: { code(status: number): unknown },
  { answer, created }: { answer: T; created: boolean },
): T {
  reply.code(created ? 201 : 200);
  return answer;
}

export const dealsRoutes: FastifyPluginAsyncZod<{ deals: DealsService }> = async (
  app,
  { deals },
) => {
  app.get(
    '/deals',
    {
      schema: {
        tags: ['deals'],
        summary: 'My quote requests, offers and deals, most recently moved first',
        description:
          'With `tab`, only the deals of one tab of /deals, by their state as it is now (a deal past its problem window is completed, a lapsed offer expired); without it, all of them.',
        querystring: findDealsQuerySchema,
        response: { 200: dealsPageSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => deals.findDeals(requireActor(request), request.query),
  );

  app.post(
    '/deals',
    {
      schema: {
        tags: ['deals'],
        summary: 'Request a quote from a business, or offer a client a deal nobody asked for',
        description:
          'The move is also a message in the pair’s chat (opened if needed). Sent again with the same `clientId`, it is not taken twice: the answer is 200 with the deal as it is and the first message.',
        body: startDealBodySchema,
        response: moveResponse,
      },
    },
    async (request, reply) =>
      moveAnswer(reply, await deals.startDeal(requireActor(request), request.body)),
  );

  app.get(
    '/deals/:id',
    {
      schema: {
        tags: ['deals'],
        summary: 'One of my deals as it is now, with the moves I may take',
        params: dealIdParamsSchema,
        response: { 200: dealResponseSchema, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ deal: await deals.getDeal(requireActor(request), request.params.id) }),
  );

  app.post(
    '/deals/:id/actions',
    {
      schema: {
        tags: ['deals'],
        summary: 'Take a move on one of my deals: counter, update, accept, decline, deliver…',
        description:
          'Accept, counter and update name the version they answer: an older one is 409 `OFFER_SUPERSEDED`, one past its valid-until 409 `OFFER_EXPIRED`. A move the deal does not take from the caller now is 409 `INVALID_TRANSITION`; a fourth counter 409 `COUNTER_LIMIT`. Idempotent by `clientId`.',
        params: dealIdParamsSchema,
        body: dealActionBodySchema,
        response: moveResponse,
      },
    },
    async (request, reply) =>
      moveAnswer(reply, await deals.act(requireActor(request), request.params.id, request.body)),
  );

  app.get(
    '/deals/:id/summary',
    {
      schema: {
        tags: ['deals'],
        summary:
          'One of my deals’ summary, as an HTML page to print or save as PDF (not an invoice)',
        description:
          'Both people, the service, what is included, the date and the price (a total with VAT), in the reader’s language, labelled “not an invoice” in English and Portuguese. Only the deal’s two people open it (another member meets a 404), across a block too; a negotiation with no accepted offer has none (404).',
        params: dealIdParamsSchema,
        response: {
          200: z.string().describe('An HTML page'),
          ...problems(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const deal = await deals.getSummary(requireActor(request), request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(dealSummaryPage(deal, localeOfRequest(request)));
    },
  );

  app.get(
    '/deals/:id/summary.pdf',
    {
      schema: {
        tags: ['deals'],
        summary: 'One of my deals’ summary as a PDF (not an invoice)',
        description:
          'The summary page’s words as an A4 PDF, in the reader’s language, labelled “not an invoice” in English and Portuguese. The same people open it as the page: the deal’s two people only (another member meets a 404), and only once an offer was accepted.',
        params: dealIdParamsSchema,
        response: {
          200: z.string().meta({ format: 'binary' }).describe('A PDF document (application/pdf)'),
          ...problems(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const deal = await deals.getSummary(requireActor(request), request.params.id);
      // pdf-lib loads with the first summary asked for as a PDF, not at start-up.
      const { dealSummaryPdf } = await import('./deal-summary-pdf.js');
      const pdf = await dealSummaryPdf(dealSummary(deal, localeOfRequest(request)));
      return (
        reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="maya-deal-${deal.id}.pdf"`)
          // Bytes are sent as they are (Fastify serializes no Buffer); the schema documents them.
          .send(Buffer.from(pdf) as unknown as string)
      );
    },
  );
};
