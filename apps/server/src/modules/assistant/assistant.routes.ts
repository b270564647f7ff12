import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantChatBodySchema } from '@maya/contracts';
import { isDatabaseBusy } from '../../db/pglite-gate.js';
import { localeOfRequest } from '../../lib/i18n/index.js';
import { security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { AssistantService } from './assistant.service.js';

export const assistantRoutes: FastifyPluginAsyncZod<{
  /** The service, created on first use. */
  assistant: () => Promise<AssistantService>;
  /** The model's provider (`builtin`, `openai-compatible`…): the metrics label. */
  model: string;
}> = async (app, { assistant, model }) => {
  // Requests whose reply stream failed (the status is already 200 by then).
  const failed = new WeakSet<object>();
  app.post(
    '/assistant/chat',
    {
      // Anonymous visitors (the landing widget) share a tighter limit per address.
      preHandler: app.rateLimit({
        max: (request) => (request.actor ? 60 : 20),
        timeWindow: '1 minute',
        keyGenerator: (request) => request.actor?.userId ?? request.ip,
      }),
      // Counted once the reply has ended, a streamed one included.
      onResponse: async (request, reply) => {
        const outcome =
          reply.statusCode >= 500 || failed.has(request)
            ? 'error'
            : reply.statusCode >= 400
              ? 'refused'
              : 'ok';
        app.meters.assistantRequests.inc({ model, outcome });
        app.meters.assistantSeconds.observe({ model, outcome }, reply.elapsedTime / 1000);
      },
      schema: {
        tags: ['assistant'],
        summary:
          "Talk to Maya. Answers with the AI SDK's UI message stream (server-sent events): text, and seller cards as searchSellers/getSeller tool results.",
        body: assistantChatBodySchema,
        security: security.optional,
        produces: ['text/event-stream'],
        response: {
          200: z
            .unknown()
            .describe(
              "The AI SDK's UI message stream (v1), as server-sent events: `data:` lines of JSON parts, ending with `data: [DONE]`.",
            ),
          ...problems(400, 429),
        },
      },
    },
    async (request, reply) => {
      const response = await (
        await assistant()
      ).chat(
        request.actor,
        request.body,
        (error) => {
          failed.add(request);
          // Load, not a fault: as the error handler logs a 503, with no stack.
          if (isDatabaseBusy(error)) {
            request.log.warn({ cause: (error as Error).message }, 'assistant reply: database busy');
          } else request.log.error({ err: error }, 'assistant reply failed');
        },
        localeOfRequest(request),
      );
      for (const [key, value] of response.headers) reply.header(key, value);
      reply.header('cache-control', 'no-store');
      return reply.send(Readable.fromWeb(response.body as unknown as WebReadableStream));
    },
  );
};
