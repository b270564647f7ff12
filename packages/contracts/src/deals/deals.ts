import { z } from 'zod';
import { messageSchema, sendMessageBodySchema } from '../chats.js';
import { idSchema, pageQuerySchema, pageSchema } from '../common.js';
import type { ErrorCode } from '../errors.js';
import { multiLineText } from '../text.js';
import {
  dealActionTypeSchema,
  dealPartySchema,
  dealStatusSchema,
  messageDealSchema,
  offerTermsBodySchema,
  offerVersionSchema,
  quoteRequestSchema,
  sentQuoteRequestSchema,
  type DealActionType,
  type DealEvent,
  type DealEventKind,
  type DealProblem,
} from './deal-events.js';
import { DEAL_REASON_MAX, dealTabs } from './deal-process.js';

export * from './deal-events.js';

/**
 * The answer to each refused move: a party's is a 409 whose `type` names the problem
 * (`/api/errors#offer-superseded`); a person who is not a party meets a deal that does not exist
 * for them, as another person's chat; across a block the conversation is closed, in words that
 * never say "blocked".
 */
export const dealProblemCodes = {
  offer_superseded: 'OFFER_SUPERSEDED',
  offer_expired: 'OFFER_EXPIRED',
  invalid_transition: 'INVALID_TRANSITION',
  counter_limit: 'COUNTER_LIMIT',
  not_a_party: 'NOT_FOUND',
  blocked: 'CONVERSATION_CLOSED',
} as const satisfies Record<DealProblem, ErrorCode>;

/** Everything the machine decides from: one negotiation and the deal it may become. */
export const dealStateSchema = z
  .object({
    status: dealStatusSchema,
    request: sentQuoteRequestSchema.nullable(),
    versions: z.array(offerVersionSchema),
    accepted: z.object({ version: z.number().int().min(1), at: z.iso.datetime() }).nullable(),
    delivery: z.object({ at: z.iso.datetime(), problemWindowEndsAt: z.iso.datetime() }).nullable(),
    problem: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
    cancellation: z
      .object({ by: dealPartySchema, reason: z.string(), at: z.iso.datetime() })
      .nullable(),
  })
  .meta({ id: 'DealState' });
export type DealState = z.infer<typeof dealStateSchema>;

const versionNamed = z
  .number()
  .int()
  .min(1)
  .describe('The version the move answers: the newest one the caller has seen.');
const reasonSchema = multiLineText().min(1).max(DEAL_REASON_MAX);

const requestMove = z.object({ type: z.literal('request'), request: quoteRequestSchema });
const offerMove = z.object({ type: z.literal('offer'), terms: offerTermsBodySchema });

/** A move a party sends: every move but the clock's. */
export const partyDealActionSchema = z
  .discriminatedUnion('type', [
    requestMove,
    offerMove,
    z.object({ type: z.literal('counter'), version: versionNamed, terms: offerTermsBodySchema }),
    z.object({ type: z.literal('update'), version: versionNamed, terms: offerTermsBodySchema }),
    z.object({ type: z.literal('accept'), version: versionNamed }),
    z.object({ type: z.literal('decline') }),
    z.object({ type: z.literal('withdraw') }),
    z.object({ type: z.literal('deliver') }),
    z.object({ type: z.literal('confirm') }),
    z.object({ type: z.literal('report_problem'), reason: reasonSchema }),
    z.object({ type: z.literal('cancel'), reason: reasonSchema }),
  ])
  .meta({ id: 'PartyDealAction' });
export type PartyDealAction = z.infer<typeof partyDealActionSchema>;

/** A move, as the machine takes it: a party's, or the clock's (`expire`, `complete`). */
export const dealActionSchema = z.discriminatedUnion('type', [
  ...partyDealActionSchema.options,
  z.object({ type: z.literal('expire') }),
  z.object({ type: z.literal('complete') }),
]);
export type DealAction = z.infer<typeof dealActionSchema>;

/** A move the actor may take now, with the version it must name (the web draws a button). */
export const availableDealActionSchema = z
  .object({ type: dealActionTypeSchema, version: z.number().int().min(1).optional() })
  .meta({ id: 'AvailableDealAction' });
export type AvailableDealAction = z.infer<typeof availableDealActionSchema>;

/**
 * The chat message a move writes, in the same transaction as the move: a message of the pair's
 * chat whose `body` is empty and whose `deal` says what happened. Its client id makes the move
 * idempotent: sent again, the move is not taken twice and answers the same message.
 */
export const dealMessageSchema = messageSchema
  .extend({ deal: messageDealSchema })
  .meta({ id: 'DealMessage' });
export type DealMessage = z.infer<typeof dealMessageSchema>;

const clientIdSchema = sendMessageBodySchema.shape.clientId;

/**
 * A negotiation's first move (`POST /deals`): the buyer's request to a business, or a business's
 * offer to a client nobody asked for.
 */
export const startDealBodySchema = z
  .object({
    partnerId: idSchema.describe('The business a buyer asks, or the client a business offers to.'),
    clientId: clientIdSchema,
    action: z.discriminatedUnion('type', [requestMove, offerMove]),
  })
  .meta({ id: 'StartDealBody' });
export type StartDealBody = z.infer<typeof startDealBodySchema>;

/** A move on a deal (`POST /deals/{id}/actions`), idempotent by its client id. */
export const dealActionBodySchema = z
  .object({ clientId: clientIdSchema, action: partyDealActionSchema })
  .meta({ id: 'DealActionBody' });
export type DealActionBody = z.infer<typeof dealActionBodySchema>;

/** One of a deal's two people, as the other sees them. */
export const dealPersonSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    deleted: z.boolean().describe('The account was deleted since: a former member.'),
  })
  .meta({ id: 'DealPerson' });
export type DealPerson = z.infer<typeof dealPersonSchema>;

/** A deal as one of its two people sees it, as it is now (lapses decided when read). */
export const dealSchema = dealStateSchema
  .extend({
    id: idSchema,
    chatId: idSchema,
    buyerId: idSchema,
    businessId: idSchema,
    buyer: dealPersonSchema,
    business: dealPersonSchema,
    serviceId: idSchema.nullable(),
    serviceName: z
      .string()
      .nullable()
      .describe('The business’s service the request named, or null (none, or deleted since).'),
    actions: z
      .array(availableDealActionSchema)
      .describe('The moves the caller may take now, each with the version it must name.'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof dealSchema>;

export const dealIdParamsSchema = z.object({ id: idSchema });

export const dealResponseSchema = z.object({ deal: dealSchema });
export type DealResponse = z.infer<typeof dealResponseSchema>;

/** A move's answer: the deal after it, and the chat message that records it. */
export const dealMoveResponseSchema = z
  .object({ deal: dealSchema, message: dealMessageSchema })
  .meta({ id: 'DealMoveResponse' });
export type DealMoveResponse = z.infer<typeof dealMoveResponseSchema>;

/** The caller's deals and negotiations, most recently moved first. */
export const dealsPageSchema = pageSchema(dealSchema).meta({ id: 'DealsPage' });
export type DealsPage = z.infer<typeof dealsPageSchema>;
export type DealTab = keyof typeof dealTabs;
export const dealTabSchema = z
  .enum(Object.keys(dealTabs) as [DealTab, ...DealTab[]])
  .meta({ id: 'DealTab' });
export const findDealsQuerySchema = pageQuerySchema.extend({
  tab: dealTabSchema
    .optional()
    .describe(
      'Only the deals of one tab of /deals, by their state as it is now: negotiating (requested, offered, countered), upcoming, delivered (with a problem reported too), completed, cancelled. Without it, every deal and negotiation.',
    ),
});
export type FindDealsQuery = z.infer<typeof findDealsQuerySchema>;

// The schemas and the data must name the same moves and events: this fails to compile otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _SchemasMatchTheProcess = [
  Holds<Same<DealAction['type'], DealActionType>>,
  Holds<Same<PartyDealAction['type'], Exclude<DealActionType, 'expire' | 'complete'>>>,
  Holds<Same<DealEvent['kind'], DealEventKind>>,
];
