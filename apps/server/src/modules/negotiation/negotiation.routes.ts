import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  mayaLogSchema,
  negotiationSettingsBodySchema,
  negotiationSettingsSchema,
} from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { MayaAnswers } from './maya-answers.js';
import type { NegotiationSettingsService } from './negotiation-settings.service.js';

/**
 * A business's choices for Maya answering its quote requests (its own, read and written whole),
 * and Maya's log of a negotiation she answered, for that business only.
 */
export const negotiationRoutes: FastifyPluginAsyncZod<{
  settings: NegotiationSettingsService;
  answers: Pick<MayaAnswers, 'logOf'>;
}> = async (app, { settings, answers }) => {
  app.get(
    '/me/negotiation',
    {
      schema: {
        tags: ['negotiation'],
        summary:
          "Maya's settings for the caller's quote requests: on or off, the wait, the counters, the blocked days and each service's floor and keep-back (a business only)",
        response: { 200: negotiationSettingsSchema, ...problems(401, 403) },
      },
    },
    async (request) => settings.get(requireActor(request)),
  );

  app.put(
    '/me/negotiation',
    {
      schema: {
        tags: ['negotiation'],
        summary:
          "Replace Maya's settings whole. Turning her on needs the Pro plan (403); a floor plus keep-back above a service's listed price, or another's service, is a 400 naming the field",
        body: negotiationSettingsBodySchema,
        response: { 200: negotiationSettingsSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => settings.save(requireActor(request), request.body),
  );

  app.get(
    '/deals/:id/maya-log',
    {
      schema: {
        tags: ['negotiation'],
        summary:
          "Maya's log of a negotiation she answered for the caller's business: each step's rule, what it read, the act and the outbound check (the business only; anyone else a 404)",
        params: z.object({ id: idSchema }),
        response: { 200: mayaLogSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => answers.logOf(requireActor(request), request.params.id),
  );
};
