import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legacyAccountUpdateAnswerSchema,
  legacyAccountUpdateBodySchema,
  legacyIdParamsSchema,
  legacyProfileAnswerSchema,
  legacyProfileBodySchema,
  legacySaveGalleryBodySchema,
  legacyUserAnswerSchema,
  legacyUserByEmailQuerySchema,
  legacyUserIdParamsSchema,
  legacyUserSchema,
  legacyUsersAnswerSchema,
} from '@maya/contracts';
import { requireActor, security } from '../../plugins/auth.js';
import { legacyOperation, legacyProblems } from './legacy.openapi.js';
import { LEGACY_USERS_MAX, type LegacyUsersService } from './legacy.users.service.js';

/** The original client's user calls: the directory, my record, my gallery, my account. */
export const legacyUsersRoutes: FastifyPluginAsyncZod<{ users: LegacyUsersService }> = async (
  app,
  { users },
) => {
  const readsPerIp = app.rateLimit({ max: 120, timeWindow: '1 minute' });

  app.get(
    '/api/user/all',
    {
      preHandler: [readsPerIp],
      schema: {
        ...legacyOperation(
          `The directory (old client): public profiles only, newest first, at most ${LEGACY_USERS_MAX} per role; businesses for everyone, clients for businesses`,
        ),
        description:
          'A client\'s `location` is the town of their point from the places gazetteer ("Lisbon, Portugal"), never the address they typed; their `lat`, `lng`, `latitude` and `longitude` are rounded to 0.01°. A business\'s are as it typed them.',
        security: security.optional,
        response: { 200: legacyUsersAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => ({ data: await users.listUsers(request.actor) }),
  );

  app.put(
    '/api/user/:id',
    {
      schema: {
        ...legacyOperation(
          'Without a body: my own record with `files` (the gallery). With `files`: save my gallery (URLs from POST /api/upload)',
        ),
        security: security.signedIn,
        params: legacyUserIdParamsSchema,
        body: legacySaveGalleryBodySchema.nullish(),
        response: { 200: legacyUserAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => ({
      data: await users.loadOrSaveGallery(
        requireActor(request),
        request.params.id,
        request.body?.files,
      ),
    }),
  );

  app.post(
    '/api/user/profile',
    {
      preHandler: [readsPerIp],
      schema: {
        ...legacyOperation(
          "The assistant's seller card (old client): name, profile link and image of a seller",
        ),
        security: security.none,
        body: legacyProfileBodySchema,
        response: { 200: legacyProfileAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => users.profileCard(request.body.id),
  );

  app.get(
    '/user',
    {
      schema: {
        ...legacyOperation(
          'My own record by my email (old client). Any other email, registered or not, is the same 404',
        ),
        querystring: legacyUserByEmailQuerySchema,
        response: { 200: legacyUserSchema, ...legacyProblems },
      },
    },
    async (request) => users.findOwnByEmail(requireActor(request), request.query.email),
  );

  app.put(
    '/user/accountuserInfo/:id',
    {
      schema: {
        ...legacyOperation(
          'Account updates (old client): firstName and lastName, or latitude and longitude, or email, or password; email and password changes need currentPassword',
        ),
        params: legacyIdParamsSchema,
        body: legacyAccountUpdateBodySchema,
        response: { 200: legacyAccountUpdateAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => users.updateAccount(requireActor(request), request.params.id, request.body),
  );
};
