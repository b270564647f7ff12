import { z } from 'zod';
import { idSchema, latitudeSchema, longitudeSchema, sectorSchema } from './common.js';
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
  why: z.string(),
});
export type SellerCard = z.infer<typeof sellerCardSchema>;

export const sellerToolOutputSchema = z.object({
  note: z.string(),
  sellers: z.array(sellerCardSchema),
});
export type SellerToolOutput = z.infer<typeof sellerToolOutputSchema>;

export const searchSellersInputSchema = z.object({
  query: singleLineText()
    .max(200)
    .optional()
    .describe('Words to look for in names, descriptions and places.'),
  sector: sectorSchema.optional().describe('One of the four sectors.'),
  place: singleLineText().max(100).optional().describe('A city or place name, e.g. "Porto".'),
  near: z
    .object({ lat: latitudeSchema, lng: longitudeSchema })
    .optional()
    .describe('Search around this point.'),
  nearMe: z.boolean().optional().describe("Search around the user's own saved location."),
  radiusKm: z.number().min(1).max(500).optional().describe('Radius around the place or the user.'),
  limit: z.number().int().min(1).max(10).optional().describe('How many sellers, at most 10.'),
});
export type SearchSellersInput = z.infer<typeof searchSellersInputSchema>;

export const getSellerInputSchema = z.object({
  id: idSchema.describe('The seller id from a search result.'),
});
