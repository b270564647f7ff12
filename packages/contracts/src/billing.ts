import { z } from 'zod';

export { GALLERY_LIMITS } from './limits.js';

export const planSchema = z
  .object({
    id: z.enum(['free', 'pro']),
    name: z.string(),
    currency: z.string(),
    yearlyPrice: z.number(),
    monthlyPrice: z.number(),
    /** How many images a business's gallery holds on this plan. */
    galleryLimit: z.number().int().positive(),
    /** Hosted payment pages; null when this server has none configured. */
    yearlyPaymentUrl: z.url().nullable(),
    monthlyPaymentUrl: z.url().nullable(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({ plans: z.array(planSchema) }).meta({ id: 'Plans' });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** The answer to the payment provider, which only needs a 2xx to stop redelivering. */
export const webhookAckSchema = z
  .object({
    received: z.literal(true),
    outcome: z.enum(['applied', 'duplicate', 'ignored', 'no-account']),
  })
  .meta({ id: 'WebhookAck' });
export type WebhookAck = z.infer<typeof webhookAckSchema>;
