import { z } from 'zod';
import { idSchema, latitudeSchema, longitudeSchema, sectorSchema } from './common.js';
import { currencySchema, fromPriceSchema, serviceUnitSchema } from './services.js';
import { multiLineText, singleLineText } from './text.js';

export const ASSISTANT_MAX_MESSAGES = 40;
export const ASSISTANT_MAX_TEXT = 2000;

/** The AI SDK's UI messages, validated loosely here and strictly by the SDK on the server. */
export const assistantChatBodySchema = z
  .object({
    id: singleLineText({ trim: false }).max(100).optional(),
    trigger: singleLineText({ trim: false }).max(40).optional(),
    messageId: singleLineText({ trim: false }).max(100).optional(),
    messages: z
      .array(
        z
          .object({
            id: singleLineText({ trim: false }).max(100),
            role: z.enum(['user', 'assistant', 'system']),
            parts: z
              .array(
                z.looseObject({
                  type: singleLineText({ trim: false }).max(60),
                  // What the person typed; its length is checked by the assistant service.
                  text: multiLineText({ trim: false }).optional(),
                }),
              )
              .max(50),
          })
          .loose(),
      )
      .min(1)
      .max(ASSISTANT_MAX_MESSAGES, {
        error: `This conversation is too long. Start a new one (at most ${ASSISTANT_MAX_MESSAGES} messages).`,
      }),
  })
  .meta({ id: 'AssistantChatBody' });
export type AssistantChatBody = z.infer<typeof assistantChatBodySchema>;

/** What the searchSellers and getSeller tools return: one card per seller. */
export const sellerCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  sector: sectorSchema.nullable(),
  city: z.string().nullable(),
  distanceKm: z.number().nullable(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  profileUrl: z.string(),
  /** Why this seller is shown, in the asker's language ("matches “roofing” in the description"). */
  why: z.string(),
  /**
   * Nobody fitted the request, and this is one of the closest alternatives (the same trade
   * elsewhere, another trade in the place, or a partial match); its `why` starts by saying so.
   */
  alternative: z.boolean().optional(),
  /** Present, and true, for a business on the Pro plan. */
  pro: z.boolean().optional(),
  /** The lowest starting price it lists (in the budget's currency when one was asked). */
  fromPrice: fromPriceSchema.optional(),
});
export type SellerCard = z.infer<typeof sellerCardSchema>;

export const assistantLanguageSchema = z.enum(['en', 'pt']);
export type AssistantLanguage = z.infer<typeof assistantLanguageSchema>;

/** What a searchSellers call looked for and found, so any model can word the answer right. */
export const sellerSearchSummarySchema = z.object({
  /** How many of the cards fit the request; the others are alternatives. */
  fitting: z.number().int().min(0),
  /** How many sellers fit in all, when the directory counts them (`capped`: at least that many). */
  total: z.object({ count: z.number().int().min(0), capped: z.boolean() }).optional(),
  /** The words searched for. */
  words: z.array(z.string()),
  /**
   * The place searched, as shown to the asker, whether Maya knows where it is, and whether it
   * was searched around (near it) rather than in it.
   */
  place: z
    .object({ name: z.string(), known: z.boolean(), around: z.boolean().optional() })
    .nullable(),
  nearMe: z.boolean(),
  /** What the alternatives are, in the order they are shown. */
  alternatives: z.array(z.enum(['partial', 'same-sector-here', 'elsewhere'])),
  /** How many describe themselves, in their own words, at the budget asked for. */
  budget: z.object({ level: z.enum(['low', 'high']), found: z.number().int() }).optional(),
  /** The words asked to be mentioned (a landmark), and how many of the cards mention them. */
  mentioning: z.object({ words: z.string(), found: z.number().int() }).optional(),
  /**
   * A budget with an amount (`max`, minor units) or a cheapness cue was asked: how many of the
   * fitting sellers list a price within it (`within`), and whether those shown instead list
   * none (`unpriced`) or start above it (`above`: the nearest above first).
   */
  price: z
    .object({
      max: z.number().int().optional(),
      currency: currencySchema.optional(),
      within: z.number().int().min(0),
      above: z.number().int().min(0),
      unpriced: z.number().int().min(0),
    })
    .optional(),
  /** The fitting cards are nearest first. */
  closestFirst: z.boolean(),
  /** More sellers fit than the cards show (the next page). */
  more: z.boolean().optional(),
  /**
   * Nobody fits, and nobody doing it is near enough to offer either: alternatives stay within
   * 1,000 km of the place searched unless the asker wants anywhere.
   */
  nobodyNear: z.boolean().optional(),
  language: assistantLanguageSchema,
});
export type SellerSearchSummary = z.infer<typeof sellerSearchSummarySchema>;

export const sellerToolOutputSchema = z.object({
  note: z.string(),
  sellers: z.array(sellerCardSchema),
  /** Present on searchSellers results. */
  search: sellerSearchSummarySchema.optional(),
});
export type SellerToolOutput = z.infer<typeof sellerToolOutputSchema>;

export const searchSellersInputSchema = z.object({
  query: singleLineText()
    .max(200)
    .optional()
    .describe('Words to look for in names, descriptions and places.'),
  sector: sectorSchema.optional().describe('One of the sectors.'),
  place: singleLineText().max(100).optional().describe('A city or place name, e.g. "Porto".'),
  near: z
    .object({ lat: latitudeSchema, lng: longitudeSchema })
    .optional()
    .describe('Search around this point.'),
  nearMe: z.boolean().optional().describe("Search around the user's own saved location."),
  around: z
    .boolean()
    .optional()
    .describe(
      'The place is a point to search around ("near Estoril"), not the town to search in: sellers of the towns nearby fit too.',
    ),
  radiusKm: z.number().min(1).max(500).optional().describe('Radius around the place or the user.'),
  limit: z.number().int().min(1).max(10).optional().describe('How many sellers, at most 10.'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(90)
    .optional()
    .describe('How many fitting sellers earlier answers showed ("show me more"): the next ones.'),
  anywhere: z
    .boolean()
    .optional()
    .describe(
      'The asker wants sellers anywhere: alternatives at any distance, not only within 1,000 km.',
    ),
  budget: z
    .enum(['low', 'high'])
    .optional()
    .describe(
      'Affordable (low) or premium (high): the cheapest listed prices first for low, and those whose own words say so.',
    ),
  maxPrice: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'The most the asker would pay, in minor units (cents): "under 300 euros" is 30000. Only sellers listing a price within it are shown; with nobody, the nearest above it.',
    ),
  currency: currencySchema
    .optional()
    .describe('The currency of maxPrice, EUR or BRL, when the asker named one.'),
  priceUnit: serviceUnitSchema
    .optional()
    .describe('What maxPrice buys, when the asker said it ("per hour": hour).'),
  closest: z
    .boolean()
    .optional()
    .describe('Nearest first, from the place (or the user), instead of best match first.'),
  mentioning: singleLineText()
    .max(100)
    .optional()
    .describe('Words such as a landmark ("the beach"): sellers that mention them come first.'),
  synonyms: z
    .array(singleLineText().max(60))
    .max(80)
    .optional()
    .describe(
      'Other words for what is asked, in any language ("canalizador", "fontanero" for plumber): a seller of the sector whose own words use one fits too.',
    ),
  language: assistantLanguageSchema
    .optional()
    .describe("The user's language, for the cards' reasons: 'en' or 'pt'."),
});
export type SearchSellersInput = z.infer<typeof searchSellersInputSchema>;

export const getSellerInputSchema = z.object({
  id: idSchema.describe('The seller id from a search result.'),
});
