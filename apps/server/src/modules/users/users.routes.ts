import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  featuredSellersSchema,
  findUsersQuerySchema,
  problemSchema,
  publicProfileSchema,
  userIdParamsSchema,
  usersPageSchema,
} from '@maya/contracts';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  uploads: UploadsService;
}> = async (app, { users, uploads }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Search the directory: text (typos tolerated), sector, distance from a point; sorted by relevance, distance or newest',
        querystring: findUsersQuerySchema,
        response: {
          200: usersPageSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
        },
      },
    },
    async (request) => users.findUsers(request.actor, request.query),
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
    async () => users.findFeaturedSellers(),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One public profile',
        params: userIdParamsSchema,
        response: { 200: publicProfileSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const profile = await users.getPublicProfile(request.params.id);
      return { ...profile, gallery: await uploads.getGallery(profile.id) };
    },
  );
};
