import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GALLERY_LIMITS,
  plansResponseSchema,
  webhookAckSchema,
  type PlansResponse,
} from '@maya/contracts';
import type { Config } from '../../config.js';
import { security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { BillingService } from './billing.service.js';

export function plansFromConfig(config: Config): PlansResponse {
  return {
    plans: [
      {
        id: 'free',
        name: 'Free',
        currency: config.PLAN_CURRENCY,
        yearlyPrice: 0,
        monthlyPrice: 0,
        galleryLimit: GALLERY_LIMITS.free,
        yearlyPaymentUrl: null,
        monthlyPaymentUrl: null,
      },
      {
        id: 'pro',
        name: 'Pro',
        currency: config.PLAN_CURRENCY,
        yearlyPrice: config.PRO_PRICE_YEARLY,
        monthlyPrice: config.PRO_PRICE_MONTHLY,
        galleryLimit: GALLERY_LIMITS.pro,
        yearlyPaymentUrl: config.PAYMENT_LINK_YEARLY ?? null,
        monthlyPaymentUrl: config.PAYMENT_LINK_MONTHLY ?? null,
      },
    ],
  };
}

export const billingRoutes: FastifyPluginAsyncZod<{
  config: Config;
  billing: BillingService;
}> = async (app, { config, billing }) => {
  const plans = plansFromConfig(config);
  app.get(
    '/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'The plans on offer, with prices and hosted payment links',
        security: security.none,
        response: { 200: plansResponseSchema },
      },
    },
    async () => plans,
  );

  // The signature covers the exact bytes sent, so this route reads its body unparsed. The parser
  // is registered inside this plugin only, so every other route still parses JSON as usual.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/billing/webhook',
    {
      schema: {
        tags: ['billing'],
        summary:
          "The payment provider's signed events (Stripe format): a paid checkout activates Pro",
        description:
          'Verified with the endpoint secret (Stripe-Signature header); unsigned, altered or stale ' +
          'events are refused with 400. Each event applies once, however often it is delivered.',
        security: security.none,
        response: { 200: webhookAckSchema, ...problems(400, 503) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const ack = await billing.handleWebhook(
        payload,
        typeof signature === 'string' ? signature : undefined,
      );
      if (ack.outcome === 'no-account') {
        request.log.warn('a payment event matched no account');
      }
      return ack;
    },
  );
};
