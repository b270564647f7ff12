import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/auth.js';
import type { AccountService } from '../account/account.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MailedLinksService } from '../auth/mailed-links.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import { registerUploadMultipart } from '../uploads/uploads.multipart.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { FoldersRepository } from './folders.repository.js';
import { legacyAuthRoutes } from './legacy.auth.routes.js';
import { legacyChatsRoutes } from './legacy.chats.routes.js';
import { createLegacyChatsService } from './legacy.chats.service.js';
import { createLegacyConversations } from './legacy.conversations.js';
import { legacyFoldersRoutes } from './legacy.folders.routes.js';
import { createLegacyFoldersService } from './legacy.folders.service.js';
import { legacyUploadsRoutes } from './legacy.uploads.routes.js';
import { legacyUsersRoutes } from './legacy.users.routes.js';
import { createLegacyUsersService } from './legacy.users.service.js';

export interface LegacyRoutesOptions {
  auth: AuthService;
  links: MailedLinksService;
  sessions: SessionsService;
  account: AccountService;
  directory: DirectoryService;
  uploads: UploadsService;
  chats: ChatsService;
  folders: FoldersRepository;
  publicUrl: string;
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * The original web client's calls (SPEC §7) at their old paths and field names: a thin adapter
 * over the services behind /api/v1. Nothing here holds a rule of its own; the legacy services map
 * fields, then let the same schemas and services decide. One route file per resource: sign-in
 * and sign-up, users, uploads, chats and folders.
 */
export const legacyRoutes: FastifyPluginAsyncZod<LegacyRoutesOptions> = async (app, options) => {
  const { auth, links, sessions, account, directory, uploads, chats, publicUrl } = options;

  // The auth plugin reads sessions on /api/ only. The old client's other paths (/chats, /user,
  // /mainfolder) take a Bearer token only: no cookie is read there, so no CSRF is possible.
  app.addHook('onRequest', async (request) => {
    if (request.actor || request.url.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const actor = await sessions.resolveToken(token);
    if (actor) {
      request.actor = actor;
      request.sessionSource = 'bearer';
    }
  });

  // The original client shows a failed call's `error` field; problems carry their detail there.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (
      reply.statusCode >= 400 &&
      payload !== null &&
      typeof payload === 'object' &&
      'detail' in payload &&
      typeof payload.detail === 'string'
    ) {
      return { ...payload, error: payload.detail };
    }
    return payload;
  });

  await registerUploadMultipart(app, options);

  const users = createLegacyUsersService({ auth, account, directory, uploads, publicUrl });
  const conversations = createLegacyConversations(chats, account);

  await app.register(legacyAuthRoutes, { users, links });
  await app.register(legacyUsersRoutes, { users });
  await app.register(legacyUploadsRoutes, { users });
  await app.register(legacyChatsRoutes, {
    chats: createLegacyChatsService({ chats, account, conversations }),
  });
  await app.register(legacyFoldersRoutes, {
    folders: createLegacyFoldersService(options.folders, chats),
  });
};
