import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportSchema, problemSchema } from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { UsersService } from '../users/users.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  uploads: UploadsService;
  chats: ChatsService;
}> = async (app, { users, uploads, chats }) => {
  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download all my data as JSON: account, uploads, gallery, chats and messages',
        response: { 200: accountExportSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const exportedAt = new Date().toISOString();
      reply.header(
        'content-disposition',
        `attachment; filename="maya-market-data-${exportedAt.slice(0, 10)}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return {
        exportedAt,
        account: await users.getPrivateUser(actor.userId),
        uploads: await uploads.listOwnUploads(actor.userId),
        gallery: await uploads.getGallery(actor.userId),
        chats: await chats.exportChats(actor),
      };
    },
  );
};
