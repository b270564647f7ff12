import { z } from 'zod';
import { singleLineText } from './text.js';

/**
 * Places: the offline gazetteer's address search (GET /places), from GeoNames' populated places
 * of at least 1,000 people (CC BY 3.0, geonames.org).
 */

export const placesQuerySchema = z.object({
  /** What the person typed: the start of a town's name ("lisb"), or "Town, Country". */
  q: singleLineText().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(10).default(5),
  /** The language of the country names in `label` (English by default). */
  lang: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language tag such as "en" or "pt-BR".')
    .optional(),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const placeSuggestionSchema = z
  .object({
    /** The GeoNames id. */
    id: z.number().int(),
    /** The place's name in the gazetteer: Lisbon, Porto, São Paulo. */
    name: z.string(),
    /** ISO 3166-1 alpha-2 code. */
    country: z.string(),
    /** The first-level division, where known (US states, UK nations). */
    admin: z.string().optional(),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    /** What to show: "Lisbon, Portugal", "Lisbon, Ohio, United States". */
    label: z.string(),
  })
  .meta({ id: 'PlaceSuggestion' });
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

export const placesAnswerSchema = z
  .object({ items: z.array(placeSuggestionSchema) })
  .meta({ id: 'PlaceSuggestions' });
export type PlacesAnswer = z.infer<typeof placesAnswerSchema>;
