import { z } from 'zod';
import { sendMessageBodySchema } from './chats.js';
import { idSchema, pageQuerySchema, pageSchema } from './common.js';
import {
  dateWindowSchema,
  dealMoneySchema,
  dealStatusSchema,
  offerTermsSchema,
} from './deals/deal-events.js';
import { DEAL_TEXT_MAX } from './deals/deal-process.js';
import { currencySchema } from './services.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * Maya for the buyer: one described need becomes a brief the buyer confirms, then quote requests
 * to a few matching businesses (each a deal in its own chat), and a comparison of what comes
 * back, ranked only once every business has answered, declined or run out of time.
 */

/** The brief's numbers. */
export const briefLimits = {
  /** Businesses one brief may ask. */
  businessesMax: 5,
  /** Businesses a draft proposes to choose from (the first `businessesMax` chosen). */
  candidatesMax: 8,
  /** Things the buyer wants included, each at most `wantedLength` characters. */
  wantedMax: 8,
  wantedLength: 80,
  /** How long the businesses have to answer before the comparison stops waiting for them. */
  answerWithinHours: [6, 12, 24, 48, 72] as const,
  defaultAnswerWithinHours: 24,
  /** Briefs one buyer may send in a day. */
  perDay: 5,
  /** The longest description a draft reads. */
  draftTextMax: 1000,
} as const;

/** What the buyer cares about most: that criterion counts double in the comparison. */
export const briefPriorities = ['price', 'included', 'date', 'rating', 'distance'] as const;
export const briefPrioritySchema = z.enum(briefPriorities).meta({ id: 'BriefPriority' });
export type BriefPriority = z.infer<typeof briefPrioritySchema>;

/** `POST /briefs/draft`: the need in the buyer's own words. */
export const briefDraftBodySchema = z
  .object({
    text: multiLineText().min(1).max(briefLimits.draftTextMax),
    /**
     * Where the businesses should be near, as the buyer wrote it in the form: it wins over any
     * place the text names. Optional: without it the place is read from the text.
     */
    where: singleLineText().min(1).max(200).optional(),
  })
  .meta({ id: 'BriefDraftBody' });
export type BriefDraftBody = z.infer<typeof briefDraftBodySchema>;

const ratingSchema = z.object({ count: z.number().int().min(0), average: z.number() }).nullable();

/** A business a draft proposes, with the service of its own the request would name. */
export const briefCandidateSchema = z
  .object({
    businessId: idSchema,
    name: z.string(),
    city: z.string().nullable(),
    distanceKm: z.number().nullable(),
    rating: ratingSchema,
    pro: z.boolean(),
    serviceId: idSchema
      .nullable()
      .describe('The business’s service that fits the need best, or null when none is listed.'),
    serviceName: z.string().nullable(),
    fromPrice: dealMoneySchema.nullable().describe('That service’s listed starting price.'),
    /** Proposed among the first `businessesMax`. */
    chosen: z.boolean(),
    /**
     * The buyer already has an open request or offer with this business: asking again would be
     * a duplicate, so it cannot be chosen.
     */
    alreadyAsked: z.boolean(),
  })
  .meta({ id: 'BriefCandidate' });
export type BriefCandidate = z.infer<typeof briefCandidateSchema>;

/**
 * Maya's reading of the need, for the buyer to check and complete: what she could not read is
 * null, and nothing is sent until the buyer confirms.
 */
export const briefDraftSchema = z
  .object({
    need: z.string(),
    /** What was searched for, as read ("wedding photographer"). */
    service: z.string().nullable(),
    when: dateWindowSchema.nullable(),
    where: z.string().nullable(),
    budget: dealMoneySchema.nullable(),
    currency: currencySchema,
    language: z.enum(['en', 'pt']),
    candidates: z.array(briefCandidateSchema),
  })
  .meta({ id: 'BriefDraft' });
export type BriefDraft = z.infer<typeof briefDraftSchema>;
export const briefDraftResponseSchema = z.object({ draft: briefDraftSchema });

const wantedItem = singleLineText().min(1).max(briefLimits.wantedLength);

/** `POST /briefs`: the brief as the buyer confirmed it, and the businesses to ask. */
export const createBriefBodySchema = z
  .object({
    clientId: sendMessageBodySchema.shape.clientId,
    need: multiLineText().min(1).max(DEAL_TEXT_MAX),
    when: dateWindowSchema,
    where: singleLineText().min(1).max(200),
    budget: dealMoneySchema.nullable().default(null),
    wanted: z.array(wantedItem).max(briefLimits.wantedMax).default([]),
    priority: briefPrioritySchema.default('price'),
    answerWithinHours: z
      .union(briefLimits.answerWithinHours.map((hours) => z.literal(hours)))
      .default(briefLimits.defaultAnswerWithinHours),
    businesses: z
      .array(z.object({ businessId: idSchema, serviceId: idSchema.nullable().default(null) }))
      .min(1)
      .max(briefLimits.businessesMax)
      .refine(
        (list) => new Set(list.map((one) => one.businessId)).size === list.length,
        'Each business once.',
      ),
  })
  .meta({ id: 'CreateBriefBody' });
export type CreateBriefBody = z.input<typeof createBriefBodySchema>;

/** Where one business's answer stands. */
export const briefAnswerStateSchema = z
  .enum(['waiting', 'offered', 'declined', 'timed_out', 'accepted'])
  .meta({ id: 'BriefAnswerState' });
export type BriefAnswerState = z.infer<typeof briefAnswerStateSchema>;

/** One business the brief asked, as the buyer sees it now. */
export const briefAskedSchema = z
  .object({
    businessId: idSchema,
    name: z.string(),
    dealId: idSchema,
    chatId: idSchema,
    status: dealStatusSchema.describe('The deal’s state as it is now.'),
    serviceName: z.string().nullable(),
    answer: briefAnswerStateSchema,
    /** The business’s newest offer, when it made one. */
    offer: offerTermsSchema
      .extend({ version: z.number().int().min(1), validUntil: z.iso.datetime() })
      .nullable(),
    /** The version the buyer may accept now, or null. */
    acceptVersion: z.number().int().min(1).nullable(),
    rating: ratingSchema,
    distanceKm: z.number().nullable(),
  })
  .meta({ id: 'BriefAsked' });
export type BriefAsked = z.infer<typeof briefAskedSchema>;

const partsSchema = z.object(
  Object.fromEntries(briefPriorities.map((criterion) => [criterion, z.number()])) as Record<
    BriefPriority,
    z.ZodNumber
  >,
);

/** Maya's comparison: how many have answered, or the ranking once none is left waiting. */
export const briefComparisonSchema = z
  .discriminatedUnion('state', [
    z.object({
      state: z.literal('waiting'),
      answered: z.number().int().min(0),
      of: z.number().int().min(0),
    }),
    z.object({
      state: z.literal('ranked'),
      ranked: z.array(
        z.object({
          businessId: idSchema,
          rank: z.number().int().min(1),
          score: z.number(),
          parts: partsSchema,
        }),
      ),
      recommended: idSchema.nullable(),
    }),
  ])
  .meta({ id: 'BriefComparison' });
export type BriefComparison = z.infer<typeof briefComparisonSchema>;

/** A brief as its buyer sees it now. */
export const briefSchema = z
  .object({
    id: idSchema,
    need: z.string(),
    when: dateWindowSchema,
    where: z.string(),
    budget: dealMoneySchema.nullable(),
    currency: currencySchema,
    wanted: z.array(z.string()),
    priority: briefPrioritySchema,
    answerBy: z.iso.datetime().describe('When the comparison stops waiting for an answer.'),
    createdAt: z.iso.datetime(),
    asked: z.array(briefAskedSchema).describe('In the order of the businesses’ names.'),
    /** Businesses the buyer chose that were not asked, and why. */
    skipped: z.array(
      z.object({
        businessId: idSchema,
        name: z.string(),
        reason: z.enum(['unavailable', 'already_asked']),
      }),
    ),
    comparison: briefComparisonSchema,
    /** The deal the buyer accepted from this brief, if any. */
    acceptedDealId: idSchema.nullable(),
  })
  .meta({ id: 'Brief' });
export type Brief = z.infer<typeof briefSchema>;
export const briefResponseSchema = z.object({ brief: briefSchema });
export type BriefResponse = z.infer<typeof briefResponseSchema>;

/** A brief in the buyer's list. */
export const briefSummarySchema = z
  .object({
    id: idSchema,
    need: z.string(),
    createdAt: z.iso.datetime(),
    answerBy: z.iso.datetime(),
    answered: z.number().int().min(0),
    of: z.number().int().min(0),
    acceptedDealId: idSchema.nullable(),
  })
  .meta({ id: 'BriefSummary' });
export type BriefSummary = z.infer<typeof briefSummarySchema>;
export const briefsPageSchema = pageSchema(briefSummarySchema).meta({ id: 'BriefsPage' });
export type BriefsPage = z.infer<typeof briefsPageSchema>;
export const findBriefsQuerySchema = pageQuerySchema;
export const briefIdParamsSchema = z.object({ id: idSchema });

/** A brief in its buyer's data export: as confirmed, and what became of each business named. */
export const briefExportSchema = z
  .object({
    id: idSchema,
    need: z.string(),
    when: dateWindowSchema,
    where: z.string(),
    budget: dealMoneySchema.nullable(),
    wanted: z.array(z.string()),
    priority: briefPrioritySchema,
    answerBy: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    businesses: z.array(
      z.object({
        businessId: idSchema,
        dealId: idSchema.nullable(),
        skipped: z.enum(['unavailable', 'already_asked']).nullable(),
      }),
    ),
  })
  .meta({ id: 'BriefExport' });
export type BriefExport = z.infer<typeof briefExportSchema>;
