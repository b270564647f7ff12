import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesAnswerSchema, placesQuerySchema } from '@maya/contracts';
import { security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import { toPlaceSuggestion } from './places.policy.js';
import type { PlacesService } from './places.service.js';

export const placesRoutes: FastifyPluginAsyncZod<{ places: PlacesService }> = async (
  app,
  { places },
) => {
  app.get(
    '/places',
    {
      // A public read, limited per address like the other ones (an address box asks as people
      // type, after a pause).
      preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }),
      schema: {
        tags: ['places'],
        summary:
          'Towns and cities whose name starts with the text ("lisb": Lisbon, Lisburn…), typos tolerated, most populous first, then the landmarks and neighbourhoods the server knows ("Marquês de Pombal, Lisbon, Portugal"); "Town, Country" keeps to that country. From the GeoNames gazetteer (CC BY 3.0), offline.',
        security: security.none,
        querystring: placesQuerySchema,
        response: { 200: placesAnswerSchema, ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      const { q, limit, lang } = request.query;
      // The gazetteer changes only with a new release of the server.
      reply.header('cache-control', 'public, max-age=3600');
      return {
        items: places.suggest(q, { limit, language: lang }).map(toPlaceSuggestion),
      };
    },
  );
};
