import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legacyUploadAnswerSchema } from '@maya/contracts';
import { security } from '../../plugins/auth.js';
import { readUploadedFiles } from '../uploads/uploads.multipart.js';
import { legacyOperation, legacyUploadProblems } from './legacy.openapi.js';
import type { LegacyUsersService } from './legacy.users.service.js';

/** The original client's image upload (its multipart parser is registered by legacy.routes.ts). */
export const legacyUploadsRoutes: FastifyPluginAsyncZod<{ users: LegacyUsersService }> = async (
  app,
  { users },
) => {
  app.post(
    '/api/upload',
    {
      preHandler: [
        app.rateLimit({
          max: 60,
          timeWindow: '15 minutes',
          keyGenerator: (request) => request.actor?.userId ?? request.ip,
        }),
      ],
      schema: {
        ...legacyOperation(
          'Upload images (old client; multipart field `files`, repeated). Signed in: gallery images. Signed out: one sign-up image, whose imgurl is then sent as `img` to POST /api/user',
        ),
        security: security.optional,
        consumes: ['multipart/form-data'],
        response: { 201: legacyUploadAnswerSchema, ...legacyUploadProblems },
      },
    },
    async (request, reply) => {
      const data = await users.upload(request.actor, await readUploadedFiles(request));
      reply.code(201);
      return { data };
    },
  );
};
