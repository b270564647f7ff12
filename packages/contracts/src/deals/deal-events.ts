import { z } from 'zod';
import { idSchema } from '../common.js';
import { currencySchema, minorAmountSchema } from '../services.js';
import { multiLineText, singleLineText } from '../text.js';
import {
  DEAL_TEXT_MAX,
  dealActions,
  dealActors,
  dealEventKinds,
  dealLimits,
  dealProblems,
  dealStates,
} from './deal-process.js';
import type { dealOutsiders } from './deal-process.js';

// The words of a negotiation that a chat message carries: the states, the request, the offer's
// terms and versions, and the events. Apart from deals.ts, which builds on the chats' message,
// so that the chats' message can carry a move (`messageDealSchema`) without a cycle of imports.

export type DealStatus = keyof typeof dealStates;
const dealStatuses = Object.keys(dealStates) as [DealStatus, ...DealStatus[]];

export const dealStatusSchema = z.enum(dealStatuses).meta({ id: 'DealStatus' });
export const dealActionTypeSchema = z.enum(dealActions).meta({ id: 'DealActionType' });
export type DealActionType = z.infer<typeof dealActionTypeSchema>;
export const dealActorSchema = z.enum(dealActors).meta({ id: 'DealActor' });
export type DealActor = z.infer<typeof dealActorSchema>;
export type DealOutsider = (typeof dealOutsiders)[number];
export const dealPartySchema = z.enum(['buyer', 'business']).meta({ id: 'DealParty' });
export type DealParty = z.infer<typeof dealPartySchema>;
export const dealProblemSchema = z.enum(dealProblems).meta({ id: 'DealProblem' });
export type DealProblem = z.infer<typeof dealProblemSchema>;
export const dealEventKindSchema = z.enum(dealEventKinds).meta({ id: 'DealEventKind' });
export type DealEventKind = z.infer<typeof dealEventKindSchema>;

/** A price or a budget: a total with VAT, in minor units of its currency (4000 is €40.00). */
export const dealMoneySchema = z
  .object({ amount: minorAmountSchema, currency: currencySchema })
  .meta({ id: 'DealMoney' });
export type DealMoney = z.infer<typeof dealMoneySchema>;

/** Days, inclusive: one day is a window whose `from` and `to` are the same date. */
export const dateWindowSchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((window) => window.from <= window.to, {
    error: 'The window ends before it starts.',
    path: ['to'],
  })
  .meta({ id: 'DateWindow' });
export type DateWindow = z.infer<typeof dateWindowSchema>;

/** What a buyer asks a business for. */
export const quoteRequestSchema = z
  .object({
    serviceId: idSchema
      .nullable()
      .describe('One of the business’s services, or null when the need is said only in words.'),
    need: multiLineText().min(1).max(DEAL_TEXT_MAX),
    when: dateWindowSchema,
    where: singleLineText().min(1).max(200),
    budget: dealMoneySchema
      .nullable()
      .default(null)
      .describe('A total with VAT, if the buyer has one.'),
  })
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** A request as sent, with when it lapses if no offer answers it. */
export const sentQuoteRequestSchema = quoteRequestSchema
  .extend({ sentAt: z.iso.datetime(), expiresAt: z.iso.datetime() })
  .meta({ id: 'SentQuoteRequest' });
export type SentQuoteRequest = z.infer<typeof sentQuoteRequestSchema>;

/** What a version proposes. Its price is the total the buyer pays, VAT included. */
export const offerTermsSchema = z
  .object({
    title: singleLineText().min(1).max(120),
    price: dealMoneySchema,
    included: multiLineText().min(1).max(DEAL_TEXT_MAX),
    when: dateWindowSchema,
  })
  .meta({ id: 'OfferTerms' });
export type OfferTerms = z.infer<typeof offerTermsSchema>;

/** The terms of a new version, and how many days it stays open from the moment it is sent. */
export const offerTermsBodySchema = offerTermsSchema
  .extend({
    validDays: z
      .number()
      .int()
      .min(1)
      .max(dealLimits.offerValidMaxDays)
      .default(dealLimits.offerValidDays),
  })
  .meta({ id: 'OfferTermsBody' });
export type OfferTermsBody = z.infer<typeof offerTermsBodySchema>;

/**
 * One version of an offer, immutable once sent: the business's offers and updates, and either
 * side's counters, numbered from 1 in one negotiation. The newest one stands.
 */
export const offerVersionSchema = z
  .object({
    number: z.number().int().min(1),
    by: dealPartySchema,
    terms: offerTermsSchema,
    sentAt: z.iso.datetime(),
    validUntil: z.iso.datetime(),
  })
  .meta({ id: 'OfferVersion' });
export type OfferVersion = z.infer<typeof offerVersionSchema>;

const eventBase = {
  actor: dealActorSchema,
  from: dealStatusSchema,
  to: dealStatusSchema,
  /** When it happened; for the clock's moves, the instant the time ran out. */
  at: z.iso.datetime(),
};

/** What a move did: each one is one message in the chat between the two. */
export const dealEventSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('quote_requested'), ...eventBase, request: sentQuoteRequestSchema }),
    z.object({
      kind: z.enum(['offer_made', 'offer_countered', 'offer_updated']),
      ...eventBase,
      version: offerVersionSchema,
    }),
    z.object({
      kind: z.enum(['offer_accepted', 'offer_declined', 'offer_withdrawn', 'offer_lapsed']),
      ...eventBase,
      /** The version accepted, or the one that stood when the negotiation ended. */
      version: z.number().int().min(1),
    }),
    z.object({
      kind: z.enum([
        'request_cancelled',
        'request_refused',
        'request_lapsed',
        'deal_confirmed',
        'deal_completed',
      ]),
      ...eventBase,
    }),
    z.object({
      kind: z.literal('deal_delivered'),
      ...eventBase,
      problemWindowEndsAt: z.iso.datetime(),
    }),
    z.object({
      kind: z.enum(['problem_reported', 'deal_cancelled']),
      ...eventBase,
      reason: z.string(),
    }),
  ])
  .meta({ id: 'DealEvent' });
export type DealEvent = z.infer<typeof dealEventSchema>;

/**
 * What a chat message that records a move carries: the deal, the event, and what a reader needs
 * to draw it without asking again: the terms of the version the event names (the version sent,
 * the one accepted, declined, withdrawn or lapsed; for a deal's later moves, the accepted one) and
 * the name of the service a request named.
 */
export const messageDealSchema = z
  .object({
    dealId: idSchema,
    event: dealEventSchema,
    terms: offerTermsSchema
      .nullable()
      .describe('The terms of the version the event names; null when it names none (a request).'),
    serviceName: z
      .string()
      .nullable()
      .describe('The business’s service the request named, or null (none, or deleted since).'),
  })
  .meta({ id: 'MessageDeal' });
export type MessageDeal = z.infer<typeof messageDealSchema>;
