import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  featuredSellersSchema,
  findUsersQuerySchema,
  publicProfileSchema,
  userIdParamsSchema,
  usersPageSchema,
} from '@maya/contracts';
import { security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { ServicesService } from '../services/services.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { DirectoryService } from './directory.service.js';

export const directoryRoutes: FastifyPluginAsyncZod<{
  directory: DirectoryService;
  uploads: UploadsService;
  services: Pick<ServicesService, 'findPriceList'>;
}> = async (app, { directory, uploads, services }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Search the directory: text (typos tolerated), sector, distance from a point, a budget; sorted by relevance, distance, newest or price',
        description:
          'Each word of `q` may match in any field (name, sector, place, description), with its stem, its synonyms in English, Portuguese and Spanish, and, for an unknown word, the known words within 1 edit from 5 letters or 2 from 9; accents and case are ignored. A place named in `q` ("salon lisbon", "perto do Marquês") is searched as a point and a radius unless `near` is given. Profiles with every word come first; when none has them all, the best partial matches follow, each item saying in `match` which words it matched and where (`complete: false` for a partial match). The first page carries `total` (counted up to 100) and `understood`. `sort=distance` without `radiusKm` lists every distance, nearest first. Clients (`role=buyer`, listed to businesses only) are measured from the point their profile shows, rounded to 0.01°: the radius, the order, `distanceKm` (whole kilometres) and the cursors reveal nothing finer. A client\'s `location.address` is the town of that point from the places gazetteer, never the address they typed, whose words find nobody: a client is found by name, description and place (as a point and a radius). A business is also found by the names and descriptions of its services. `minPrice`/`maxPrice` (minor units of `currency`, which they need) keep the businesses with a service whose price or range reaches into the budget, of `unit` when given; `sort=price` (with `currency` and `unit`) lists the lowest starting price in that unit first. A business\'s card carries `fromPrice`: its lowest starting price among the services that fit the price filter, or, with none, in the currency of its first service.',
        security: security.optional,
        querystring: findUsersQuerySchema,
        response: { 200: usersPageSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => directory.findUsers(request.actor, request.query),
  );

  app.get(
    '/users/featured',
    {
      schema: {
        tags: ['users'],
        summary: 'Eight trusted sellers for the landing carousel',
        security: security.none,
        response: { 200: featuredSellersSchema },
      },
    },
    async () => directory.findFeaturedSellers(),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One profile: any business to anyone; a client to businesses only',
        description:
          "A business's profile is public, with the address it typed and its exact point, its services with their prices (totals with VAT, in minor units of each service's currency) and whether it declared itself a trader. A client's profile is shown only to signed-in businesses (everyone who shares a chat with a client is one) and to the client themself, and to anyone else answers the same 404 as an unknown id. It shows the client as others see them: `location.address` is the town of their point from the places gazetteer (\"Lisbon, Portugal\"), never the street, number or postcode they typed, and `lat`/`lng` are rounded to 0.01°; the client's own full address is at `GET /me`.",
        security: security.optional,
        params: userIdParamsSchema,
        response: { 200: publicProfileSchema, ...problems(400, 404) },
      },
    },
    async (request) => {
      const profile = await directory.getPublicProfile(request.actor, { id: request.params.id });
      const [gallery, prices] = await Promise.all([
        uploads.getGallery(profile.id),
        profile.role === 'seller'
          ? services.findPriceList(request.actor, profile.id)
          : Promise.resolve(undefined),
      ]);
      return {
        ...profile,
        gallery,
        ...(prices && { services: prices.services }),
      };
    },
  );
};
