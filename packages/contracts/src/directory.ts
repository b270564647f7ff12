import { z } from 'zod';
import { idSchema, locationSchema, roleSchema, roundDegrees, sectorSchema } from './common.js';
import { singleLineText } from './text.js';
import { uploadedImageSchema } from './uploads.js';

/**
 * The directory: public profiles and the search over them (GET /users, /users/featured,
 * /users/{id}).
 */

/** Where a search's words were found in a profile. */
export const matchFieldSchema = z.enum(['name', 'sector', 'place', 'description']);
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

export const directorySortSchema = z.enum(['relevance', 'distance', 'newest']);
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

export const usersPageSchema = z
  .object({
    items: z.array(publicProfileSchema),
    nextCursor: z.string().nullable(),
    /**
     * On the first page of a search: how many profiles match (all the words, or at least one
     * when none match them all), counted up to a cap (`capped` then says there are more).
     */
    total: z.object({ count: z.number().int().min(0), capped: z.boolean() }).optional(),
    /** On the first page of a text search: the words searched for and the place read from them. */
    understood: z
      .object({ words: z.array(z.string()), place: understoodPlaceSchema.nullable() })
      .optional(),
  })
  .meta({ id: 'UsersPage' });
export type UsersPage = z.infer<typeof usersPageSchema>;

export const featuredSellersSchema = z.object({ items: z.array(publicProfileSchema) });
export type FeaturedSellers = z.infer<typeof featuredSellersSchema>;
