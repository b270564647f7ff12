import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  updateNotificationSettingsBodySchema,
} from '@maya/contracts';
import { requireActor, security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { NotificationsService } from './notifications.service.js';
import { unsubscribePage } from './unsubscribe-page.js';

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
        querystring: unsubscribeQuerySchema,
        response: { 200: z.string().describe('An HTML page'), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const settings = await notifications.checkUnsubscribe(request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribePage({ language: settings.language, done: false, action: request.url }));
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
        querystring: unsubscribeQuerySchema,
        body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish(),
        response: { 200: z.string().describe('An HTML page confirming it'), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const settings = await notifications.unsubscribe(request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribePage({ language: settings.language, done: true, action: '' }));
    },
  );
};
