import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockParamsSchema, blockSchema, blocksSchema } from '@maya/contracts';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { BlocksService } from './blocks.service.js';

/** The caller's blocks: list, block, unblock. */
export const blocksRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (
  app,
  { blocks },
) => {
  app.get(
    '/me/blocks',
    {
      schema: {
        tags: ['blocks'],
        summary: 'The people the caller blocked, newest first',
        response: { 200: blocksSchema, ...problems(401) },
      },
    },
    async (request) => blocks.list(requireActor(request)),
  );

  app.put(
    '/me/blocks/:userId',
    {
      schema: {
        tags: ['blocks'],
        summary:
          'Block a person: no message, typing or read mark crosses between the two, and neither finds the other in the directory, profiles or Maya. Blocking again answers the first block.',
        params: blockParamsSchema,
        response: { 200: blockSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => blocks.block(requireActor(request), request.params.userId),
  );

  app.delete(
    '/me/blocks/:userId',
    {
      schema: {
        tags: ['blocks'],
        summary:
          'Unblock a person: everything a block stopped works again (204, also when there was no block)',
        params: blockParamsSchema,
        response: { 204: z.null(), ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await blocks.unblock(requireActor(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
