import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  updateNotificationSettingsBodySchema,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { requireActor, security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import { UNSUBSCRIBE_LINK_DAYS, type NotificationsService } from './notifications.service.js';
import { unsubscribePage } from './unsubscribe-page.js';

/** The unsubscribe pages are HTML, never cached. */
function page(reply: FastifyReply, options: Parameters<typeof unsubscribePage>[0]) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(unsubscribePage(options));
}

/** The person's mail settings under /me, and the signed one-click unsubscribe link. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    '/me/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How the signed-in user is mailed about unread messages',
        response: { 200: notificationSettingsSchema, ...problems(401) },
      },
    },
    async (request) => notifications.getSettings(requireActor(request)),
  );

  app.patch(
    '/me/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Change the unread-message mail: off, digest or each; with or without the text',
        body: updateNotificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => notifications.updateSettings(requireActor(request), request.body),
  );

  // RFC 8058 one-click POSTs arrive as a form: `List-Unsubscribe=One-Click`.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        security: security.none,
        summary:
          'The signed unsubscribe link from a mail: a page asking to confirm (changes nothing)',
        description: `A link works for ${UNSUBSCRIBE_LINK_DAYS} days after its mail, and until the account's password changes; after that the page says so and points to the account's settings.`,
        querystring: unsubscribeQuerySchema,
        response: {
          200: z.string().describe('An HTML page: the question, or that the link has expired'),
          ...problems(400, 404),
        },
      },
    },
    async (request, reply) => {
      const link = await notifications.checkUnsubscribe(request.query);
      return page(
        reply,
        link.live
          ? { language: link.settings.language, state: 'ask', action: request.url }
          : { language: link.language, state: 'expired', action: '' },
      );
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        security: security.none,
        summary:
          'One-click unsubscribe (RFC 8058, List-Unsubscribe-Post): turns the unread-message mail off; no sign-in, the link is signed',
        description: `A link that has expired (${UNSUBSCRIBE_LINK_DAYS} days after its mail, or a password change since) changes nothing: a browser (asking for HTML) gets the page saying so, a mail client's one-click POST a 404.`,
        querystring: unsubscribeQuerySchema,
        body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish(),
        response: {
          200: z.string().describe('An HTML page confirming it, or saying the link has expired'),
          ...problems(400, 404),
        },
      },
    },
    async (request, reply) => {
      const link = await notifications.unsubscribe(request.query);
      if (link.live) {
        return page(reply, { language: link.settings.language, state: 'done', action: '' });
      }
      if (!(request.headers.accept ?? '').includes('text/html')) {
        throw new AppError('NOT_FOUND', { key: 'errors:notifications.linkExpired' });
      }
      return page(reply, { language: link.language, state: 'expired', action: '' });
    },
  );
};
