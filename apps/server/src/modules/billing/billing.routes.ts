import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansResponseSchema, type PlansResponse } from '@maya/contracts';
import type { Config } from '../../config.js';

export function plansFromConfig(config: Config): PlansResponse {
  return {
    plans: [
      {
        id: 'free',
        name: 'Free',
        currency: config.PLAN_CURRENCY,
        yearlyPrice: 0,
        monthlyPrice: 0,
        yearlyPaymentUrl: null,
        monthlyPaymentUrl: null,
      },
      {
        id: 'pro',
        name: 'Pro',
        currency: config.PLAN_CURRENCY,
        yearlyPrice: config.PRO_PRICE_YEARLY,
        monthlyPrice: config.PRO_PRICE_MONTHLY,
        yearlyPaymentUrl: config.PAYMENT_LINK_YEARLY ?? null,
        monthlyPaymentUrl: config.PAYMENT_LINK_MONTHLY ?? null,
      },
    ],
  };
}

export const billingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const plans = plansFromConfig(config);
  app.get(
    '/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'The plans on offer, with prices and hosted payment links',
        response: { 200: plansResponseSchema },
      },
    },
    async () => plans,
  );
};
