import { z } from 'zod';
import { idSchema, locationSchema, roleSchema, roundDegrees, sectorSchema } from './common.js';
import { ratingSummarySchema } from './reviews.js';
import { currencySchema, fromPriceSchema, serviceSchema, serviceUnitSchema } from './services.js';
import { SERVICE_LIMITS } from './service-units.js';
import { singleLineText } from './text.js';
import { uploadedImageSchema } from './uploads.js';

/**
 * The directory: public profiles and the search over them (GET /users, /users/featured,
 * /users/{id}).
 */

/** Where a search's words were found in a profile. */
export const matchFieldSchema = z.enum(['name', 'sector', 'place', 'description', 'services']);
export type MatchField = z.infer<typeof matchFieldSchema>;

/** Why a profile is in a text search: which of the searched words it matched, and where. */
export const searchMatchSchema = z
  .object({
    /** Every word of the search matched; false for a partial match, which is shown as such. */
    complete: z.boolean(),
    /** The searched words (as typed, without filler words) that this profile matched. */
    words: z.array(z.string()),
    /** The fields they were found in, best first. */
    fields: z.array(matchFieldSchema),
  })
  .meta({ id: 'SearchMatch' });
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/** What any visitor may see of a user. A buyer's email is never part of it. */
export const publicProfileSchema = z
  .object({
    id: idSchema,
    role: roleSchema,
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    imageUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    description: z.string(),
    /** Null for a buyer, and for a business that has not chosen its sector yet ("Other"). */
    category: sectorSchema.nullable(),
    /**
     * A business's address as it typed it and its exact point. A buyer's town only (the places
     * gazetteer's, "Lisbon, Portugal"), never the street or postcode typed, and the point
     * rounded to 0.01°.
     */
    location: locationSchema.nullable(),
    email: z.email().nullable(),
    createdAt: z.iso.datetime(),
    /**
     * Present in searches near a point: kilometres from it; for buyers, whole kilometres from the
     * rounded point their `location` shows.
     */
    distanceKm: z.number().nullable().optional(),
    /** Present in text searches: which words matched, where, and whether all of them did. */
    match: searchMatchSchema.optional(),
    /** Present on the single-profile answer. */
    gallery: z.array(uploadedImageSchema).optional(),
    /** Present, and true, for a business on the Pro plan (shown with a "Pro" mark). */
    pro: z.boolean().optional(),
    /**
     * A business's declaration under EU consumer law: true when it acts as a trader (a client's
     * consumer rights apply), false when it does not, null until it has said. Absent for a client.
     */
    trader: z.boolean().nullable().optional(),
    /** Present on the single-profile answer of a business: its services in its own order. */
    services: z.array(serviceSchema).optional(),
    /** Present in directory pages for a business that lists a price: its lowest starting price. */
    fromPrice: fromPriceSchema.optional(),
    /** Present on a business's card and profile for a signed-in client: whether they saved it. */
    saved: z.boolean().optional(),
    /** Present on a business's card and profile once it has a published review: the average and count. */
    rating: ratingSummarySchema.optional(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

const coordinatePairSchema = singleLineText()
  .max(60)
  .transform((value, context) => {
    const [lat, lng, ...rest] = value.split(',').map((part) => Number(part.trim()));
    if (
      rest.length > 0 ||
      lat === undefined ||
      lng === undefined ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      context.addIssue({ code: 'custom', message: 'Use "latitude,longitude", e.g. 38.72,-9.14.' });
      return z.NEVER;
    }
    return { lat: roundDegrees(lat), lng: roundDegrees(lng) };
  });

/** `price`: the lowest starting price first, within one `unit` and `currency`. */
export const directorySortSchema = z.enum(['relevance', 'distance', 'newest', 'price']);
export type DirectorySort = z.infer<typeof directorySortSchema>;

export const findUsersQuerySchema = z.object({
  /** Defaults to the other role of the caller (sellers for visitors). */
  role: roleSchema.optional(),
  q: singleLineText({ trim: false }).max(200).optional(),
  category: sectorSchema.optional(),
  near: coordinatePairSchema.optional(),
  radiusKm: z.coerce.number().min(1).max(20_000).optional(),
  sort: directorySortSchema.optional(),
  cursor: singleLineText({ trim: false }).max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  /**
   * A budget, in minor units of `currency`: businesses with a service whose price (or range)
   * reaches into it. `maxPrice` alone: a starting price at most this; `minPrice`: a price (or a
   * range's top) at least this.
   */
  minPrice: z.coerce.number().int().min(0).max(SERVICE_LIMITS.priceMax).optional(),
  maxPrice: z.coerce.number().int().min(0).max(SERVICE_LIMITS.priceMax).optional(),
  /** The currency of `minPrice`, `maxPrice` and `sort=price`; needed with any of them. */
  currency: currencySchema.optional(),
  /** Only services priced per this unit; needed with `sort=price`, whose prices it makes comparable. */
  unit: serviceUnitSchema.optional(),
});
export type FindUsersQuery = z.infer<typeof findUsersQuerySchema>;

/** A place read from the search words ("salon lisbon"), searched as a point and a radius. */
export const understoodPlaceSchema = z.object({
  name: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  radiusKm: z.number(),
});
export type UnderstoodPlace = z.infer<typeof understoodPlaceSchema>;

/**
 * A budget read from the search words ("under 50 euros", "até R$ 200 por hora", "barato"), not
 * searched for as words. Among equally complete matches, an amount puts first the businesses
 * with a service starting within it (`within` of them on the page; then those that list no
 * price, then those above it); a cue alone ("cheap", "de luxo") those whose own words say so.
 * Not read when the price fields give a budget.
 */
export const understoodBudgetSchema = z.object({
  /** The most the asker would pay, in minor units. */
  max: z.number().int().min(0).optional(),
  /** Not said ("budget of 200"): a service's own currency. */
  currency: currencySchema.optional(),
  unit: serviceUnitSchema.optional(),
  level: z.enum(['low', 'high']).optional(),
  /** With an amount: how many businesses on the page list a price within it. */
  within: z.number().int().min(0).optional(),
});
export type UnderstoodBudget = z.infer<typeof understoodBudgetSchema>;

export const usersPageSchema = z
  .object({
    items: z.array(publicProfileSchema),
    nextCursor: z.string().nullable(),
    /**
     * On the first page of a search: how many profiles match (all the words, or at least one
     * when none match them all), counted up to a cap (`capped` then says there are more).
     */
    total: z.object({ count: z.number().int().min(0), capped: z.boolean() }).optional(),
    /**
     * On the first page of a text search: the words searched for, and the place and budget read
     * from them.
     */
    understood: z
      .object({
        words: z.array(z.string()),
        place: understoodPlaceSchema.nullable(),
        budget: understoodBudgetSchema.optional(),
      })
      .optional(),
  })
  .meta({ id: 'UsersPage' });
export type UsersPage = z.infer<typeof usersPageSchema>;

export const featuredSellersSchema = z.object({ items: z.array(publicProfileSchema) });
export type FeaturedSellers = z.infer<typeof featuredSellersSchema>;
