import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  featuredSellersSchema,
  findUsersQuerySchema,
  publicProfileSchema,
  userIdParamsSchema,
  usersPageSchema,
} from '@maya/contracts';
import { problems } from '../../plugins/problem.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { DirectoryService } from './directory.service.js';

export const directoryRoutes: FastifyPluginAsyncZod<{
  directory: DirectoryService;
  uploads: UploadsService;
}> = async (app, { directory, uploads }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Search the directory: text (typos tolerated), sector, distance from a point; sorted by relevance, distance or newest',
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
        summary: 'One public profile',
        params: userIdParamsSchema,
        response: { 200: publicProfileSchema, ...problems(400, 404) },
      },
    },
    async (request) => {
      const profile = await directory.getPublicProfile(request.params.id);
      return { ...profile, gallery: await uploads.getGallery(profile.id) };
    },
  );
};
