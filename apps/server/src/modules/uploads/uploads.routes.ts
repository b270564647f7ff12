import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  galleryResponseSchema,
  problemSchema,
  putGalleryBodySchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import { readUploadedFiles, registerUploadMultipart } from './uploads.multipart.js';
import type { UploadsService } from './uploads.service.js';

const problems = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  413: problemSchema,
  415: problemSchema,
  429: problemSchema,
};

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
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 201: uploadResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      const files = await readUploadedFiles(request);
      const stored = await uploads.storeImages(request.actor, request.query.kind, files);
      reply.code(201);
      return { files: stored };
    },
  );

  app.get(
    '/me/gallery',
    {
      schema: {
        tags: ['account'],
        summary: 'My gallery, in order',
        response: { 200: galleryResponseSchema, 401: problemSchema },
      },
    },
    async (request) => ({ gallery: await uploads.getGallery(requireActor(request).userId) }),
  );

  app.put(
    '/me/gallery',
    {
      schema: {
        tags: ['account'],
        summary: 'Replace my gallery with these uploaded images, in this order',
        body: putGalleryBodySchema,
        response: { 200: galleryResponseSchema, ...problems },
      },
    },
    async (request) => uploads.setGallery(requireActor(request), request.body.imageIds),
  );
};
