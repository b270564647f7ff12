import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExportSchema,
  changeEmailBodySchema,
  changeEmailResponseSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  GALLERY_LIMITS,
  galleryResponseSchema,
  meResponseSchema,
  putGalleryBodySchema,
  updateProfileBodySchema,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { sentenceIn } from '../../lib/i18n/sentences.js';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import { readUploadedFiles, registerUploadMultipart } from '../uploads/uploads.multipart.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { AccountService } from './account.service.js';

/** Everything under /me: the signed-in person's own account. */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  uploads: UploadsService;
  /** The upload limits of POST /uploads, which PUT /me/photo shares. */
  maxFileBytes: number;
}> = async (app, { account, uploads, maxFileBytes }) => {
  await registerUploadMultipart(app, { maxFileBytes, maxFiles: 1 });

  app.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: meResponseSchema, ...problems(401) },
      },
    },
    async (request) => ({ user: await account.getPrivateUser(requireActor(request).userId) }),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Update names (a business: its business name), description, sector or location',
        body: updateProfileBodySchema,
        response: { 200: meResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => ({ user: await account.updateProfile(requireActor(request), request.body) }),
  );

  app.put(
    '/me/photo',
    {
      preHandler: app.rateLimit({
        max: 20,
        timeWindow: '15 minutes',
        keyGenerator: (request) => request.actor?.userId ?? request.ip,
      }),
      schema: {
        tags: ['account'],
        summary: 'Change my photo (a client) or logo (a business)',
        description:
          'Multipart, one PNG, JPEG or WebP image in the field `files`, checked as POST /uploads checks it (type by its bytes, size, pixels). The new image is stored and shown on the account first; the old one is then removed. A file that is not such an image is refused with 415.',
        consumes: ['multipart/form-data'],
        response: { 200: meResponseSchema, ...problems(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const files = await readUploadedFiles(request);
      if (files.length > 1) {
        throw new AppError('VALIDATION_FAILED', 'Upload one profile image.', {
          files: 'One file only',
        });
      }
      if (files.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Choose at least one image.', {
          files: 'Required',
        });
      }
      return { user: await account.changePhoto(actor, files[0]!) };
    },
  );

  app.put(
    '/me/email',
    {
      schema: {
        tags: ['account'],
        summary:
          'Ask to change the sign-in email (current password required); it changes once the link mailed to the new address is followed',
        description:
          'Answers 202: the change is pending. `user` is the account as it still is, so a client that read `user` from the former 200 answer keeps working; `pendingEmail` takes effect through POST /auth/email-confirmation/confirm with the mailed token. The old address is told of the request, and again once the change is made.',
        body: changeEmailBodySchema,
        response: { 202: changeEmailResponseSchema, ...problems(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const pending = await account.changeEmail(requireActor(request), request.body);
      reply.code(202);
      return {
        ...pending,
        message: sentenceIn(request, {
          key: 'auth:answers.emailChangeSent',
          values: { email: pending.pendingEmail },
        }),
      };
    },
  );

  app.put(
    '/me/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session is signed out',
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await account.changePassword(requireActor(request), request.body);
      reply.code(204);
      return null;
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the account and its personal data (password required)',
        body: deleteAccountBodySchema,
        response: { 204: z.null(), ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(requireActor(request), request.body.password);
      reply.clearSessionCookie().code(204);
      return null;
    },
  );

  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download all my data as JSON: account, uploads, gallery, chats and messages',
        response: { 200: accountExportSchema, ...problems(401) },
      },
    },
    async (request, reply) => {
      const data = await account.exportData(requireActor(request));
      reply.header(
        'content-disposition',
        `attachment; filename="maya-market-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  // The gallery's images are uploads (POST /uploads); the uploads service keeps their order.
  app.get(
    '/me/gallery',
    {
      schema: {
        tags: ['account'],
        summary: 'My gallery, in order',
        response: { 200: galleryResponseSchema, ...problems(401) },
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
        description:
          "The gallery holds as many images as the account's plan allows (GET /plans, `galleryLimit`): a longer one is refused with 409, unless it only keeps images already in it.",
        body: putGalleryBodySchema,
        response: {
          200: galleryResponseSchema,
          ...problems(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { plan } = await account.getPrivateUser(actor.userId);
      return uploads.setGallery(actor, request.body.imageIds, GALLERY_LIMITS[plan]);
    },
  );
};
