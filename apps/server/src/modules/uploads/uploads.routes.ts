import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadQuerySchema, uploadResponseSchema } from '@maya/contracts';
import { security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import { readUploadedFiles, registerUploadMultipart } from './uploads.multipart.js';
import type { UploadsService } from './uploads.service.js';

export const uploadsRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService;
  maxFileBytes: number;
  maxFiles: number;
}> = async (app, { uploads, maxFileBytes, maxFiles }) => {
  await registerUploadMultipart(app, { maxFileBytes, maxFiles });

  app.post(
    '/uploads',
    {
      preHandler: app.rateLimit({
        max: 60,
        timeWindow: '15 minutes',
        keyGenerator: (request) => request.actor?.userId ?? request.ip,
      }),
      schema: {
        tags: ['uploads'],
        summary:
          'Upload PNG, JPEG or WebP images (multipart field `files`, repeated). Anonymous callers may upload one sign-up avatar (`kind=avatar`).',
        security: security.optional,
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 201: uploadResponseSchema, ...problems(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const files = await readUploadedFiles(request);
      const stored = await uploads.storeImages(request.actor, request.query.kind, files);
      reply.code(201);
      return { files: stored };
    },
  );
};
