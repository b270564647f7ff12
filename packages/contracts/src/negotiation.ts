import { z } from 'zod';
import { idSchema } from './common.js';
import { dealLimits } from './deals/deal-process.js';
import {
  BLOCKED_DATES_MAX,
  mayaStopReasons,
  NEGOTIATION_DELAYS,
  type MayaStopReason,
} from './negotiation-limits.js';
import { minorAmountSchema } from './services.js';
import { SERVICE_LIMITS } from './service-units.js';

/**
 * Maya answering for a business (GET/PUT /me/negotiation): which of its services she may offer,
 * each with a floor and a keep-back in the service's own minor units, the days it cannot take,
 * how long she waits before answering, and how many counters she makes. The floor is the
 * business's alone: no answer to anyone else, and nothing a language model is sent, carries it.
 */

export { BLOCKED_DATES_MAX, NEGOTIATION_DELAYS } from './negotiation-limits.js';

export const mayaServiceLimitsSchema = z
  .object({
    serviceId: idSchema,
    /** Maya accepts any counter at or above it. */
    floor: minorAmountSchema,
    /** Maya offers at or above floor + keep-back. */
    keepBack: z
      .number()
      .int({ error: 'Use a whole number of cents.' })
      .min(0, { error: 'Use zero or more.' })
      .max(SERVICE_LIMITS.priceMax, { error: 'Use a lower amount.' }),
  })
  .meta({ id: 'MayaServiceLimits' });
export type MayaServiceLimits = z.infer<typeof mayaServiceLimitsSchema>;

const settingsFields = {
  /** Maya answers quote requests for the business (the Pro plan). */
  enabled: z.boolean(),
  /** Minutes Maya waits for the business to answer first. */
  answerAfterMinutes: z
    .number()
    .int()
    .refine((minutes) => (NEGOTIATION_DELAYS as readonly number[]).includes(minutes), {
      error: `Choose one of ${NEGOTIATION_DELAYS.join(', ')} minutes.`,
    }),
  /** Maya answers at once, without the wait, while the business has no app open. */
  atOnceWhenOffline: z.boolean(),
  /** Maya's counters after her opening offer; the last is her final offer. */
  counterLimit: z.number().int().min(1).max(dealLimits.countersPerSide),
  /** Days the business cannot take (`YYYY-MM-DD`); Maya hands over a request that needs one. */
  blockedDates: z
    .array(z.iso.date())
    .max(BLOCKED_DATES_MAX, { error: `Block at most ${BLOCKED_DATES_MAX} days.` }),
  /** The services Maya may offer, with their limits; any other she hands over. */
  services: z.array(mayaServiceLimitsSchema).max(SERVICE_LIMITS.perBusiness),
};

export const negotiationSettingsSchema = z
  .object({
    ...settingsFields,
    /** Whether the business's plan lets Maya answer (Pro); settings may be kept either way. */
    available: z.boolean(),
  })
  .meta({ id: 'NegotiationSettings' });
export type NegotiationSettings = z.infer<typeof negotiationSettingsSchema>;

export const negotiationSettingsBodySchema = z
  .object(settingsFields)
  .refine(
    (body) =>
      new Set(body.services.map((service) => service.serviceId)).size === body.services.length,
    { path: ['services'], error: 'A service appears twice.' },
  )
  .meta({ id: 'NegotiationSettingsBody' });
export type NegotiationSettingsBody = z.infer<typeof negotiationSettingsBodySchema>;

/** What a business has before it chooses anything. */
export const DEFAULT_NEGOTIATION_SETTINGS: Omit<NegotiationSettings, 'available'> = {
  enabled: false,
  answerAfterMinutes: 10,
  atOnceWhenOffline: true,
  counterLimit: dealLimits.countersPerSide,
  blockedDates: [],
  services: [],
};

/** Why Maya stopped answering a negotiation and left it to the business. */
export const mayaStopReasonSchema = z.enum(mayaStopReasons).meta({ id: 'MayaStopReason' });
export type { MayaStopReason };

/**
 * Maya's log of one negotiation, for its business only (GET /deals/{id}/maya-log): each automated
 * step with the rule that decided, what it read (list price, round, counter, floor…), the act, and
 * the outbound check's result beside the words sent.
 */
export const mayaLogSchema = z
  .object({
    status: z
      .enum(['active', 'handed_over', 'closed'])
      .nullable()
      .describe('Null when Maya never answered this negotiation.'),
    stopReason: mayaStopReasonSchema.nullable(),
    entries: z.array(
      z.object({
        at: z.iso.datetime(),
        rule: z.string(),
        inputs: z
          .record(z.string(), z.number().nullable())
          .describe('What the rule read, in minor units where money (floor and keep-back too).'),
        act: z
          .object({ act: z.string() })
          .catchall(z.unknown())
          .describe('The act: offer, final_offer, accept or hand_over, with its numbers.'),
        check: z.object({
          replaced: z.boolean().describe("The language model's sentence failed and was replaced."),
          reasons: z.array(z.object({ kind: z.string() }).catchall(z.unknown())),
          failure: z.string().nullable(),
        }),
        text: z.string().describe('The words sent in the chat (empty when none were).'),
      }),
    ),
  })
  .meta({ id: 'MayaLog' });
export type MayaLog = z.infer<typeof mayaLogSchema>;
