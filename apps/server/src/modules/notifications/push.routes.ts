import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushConfigSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionParamsSchema,
  pushSubscriptionSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { PushService } from './push.service.js';

/** Web push on the signed-in person's browsers: whether it is offered, and their subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/me/push',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Whether this server sends notifications to devices, and its VAPID public key',
        response: { 200: pushConfigSchema, ...problems(401) },
      },
    },
    async (request) => push.getConfig(requireActor(request)),
  );

  app.post(
    '/me/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Save this browser's push subscription: new messages are announced on it (201; 200 when it was saved before)",
        body: pushSubscriptionBodySchema,
        response: {
          200: pushSubscriptionSchema,
          201: pushSubscriptionSchema,
          ...problems(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await push.saveSubscription(
        requireActor(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(subscription);
    },
  );

  app.get(
    '/me/push-subscriptions/:key',
    {
      schema: {
        tags: ['notifications'],
        summary: "Whether the browser whose endpoint has this key is one of the caller's",
        params: pushSubscriptionParamsSchema,
        response: { 200: pushSubscriptionSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => push.getSubscription(requireActor(request), request.params.key),
  );

  app.delete(
    '/me/push-subscriptions/:key',
    {
      schema: {
        tags: ['notifications'],
        summary: "Stop notifications to this browser: delete the caller's subscription",
        params: pushSubscriptionParamsSchema,
        response: {
          204: z.null(),
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await push.deleteSubscription(requireActor(request), request.params.key);
      return reply.code(204).send(null);
    },
  );
};
