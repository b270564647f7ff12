import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  findSavedQuerySchema,
  savedBusinessSchema,
  savedPageSchema,
  savedParamsSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { SavedService } from './saved.service.js';

/** A client's saved businesses: list, save, forget. */
export const savedRoutes: FastifyPluginAsyncZod<{ saved: SavedService }> = async (
  app,
  { saved },
) => {
  app.get(
    '/me/saved',
    {
      schema: {
        tags: ['saved'],
        summary:
          "The client's saved businesses as directory cards, the latest saved first, paged like the directory",
        description:
          'Only the businesses the client may see now: one hidden, suspended, terminated or behind a block either way is left out while it is, and listed again once it is visible; a deleted one is gone. A business is 403.',
        querystring: findSavedQuerySchema,
        response: { 200: savedPageSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => saved.list(requireActor(request), request.query),
  );

  app.put(
    '/me/saved/:businessId',
    {
      schema: {
        tags: ['saved'],
        summary:
          'Save a business (clients only). Saving again answers the first time; a business the client may not see is a 404.',
        params: savedParamsSchema,
        response: { 200: savedBusinessSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => saved.save(requireActor(request), request.params.businessId),
  );

  app.delete(
    '/me/saved/:businessId',
    {
      schema: {
        tags: ['saved'],
        summary: 'Forget a saved business (204, also when it was not saved)',
        params: savedParamsSchema,
        response: { 204: z.null(), ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await saved.unsave(requireActor(request), request.params.businessId);
      return reply.code(204).send(null);
    },
  );
};
