import { z } from 'zod';
import { idSchema, locationSchema, roleSchema, sectorSchema } from './common.js';
import { uploadedImageSchema } from './uploads.js';

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
    category: sectorSchema.nullable(),
    location: locationSchema.nullable(),
    email: z.email().nullable(),
    createdAt: z.iso.datetime(),
    /** Present in searches near a point: kilometres from it (whole kilometres for buyers). */
    distanceKm: z.number().nullable().optional(),
    /** Present on the single-profile answer. */
    gallery: z.array(uploadedImageSchema).optional(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The signed-in user's own view of the account. */
export const privateUserSchema = publicProfileSchema
  .extend({ email: z.email(), plan: z.enum(['free', 'pro']) })
  .meta({ id: 'PrivateUser' });
export type PrivateUser = z.infer<typeof privateUserSchema>;

export const meResponseSchema = z.object({ user: privateUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

const coordinatePairSchema = z
  .string()
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
    return { lat, lng };
  });

export const directorySortSchema = z.enum(['relevance', 'distance', 'newest']);
export type DirectorySort = z.infer<typeof directorySortSchema>;

export const findUsersQuerySchema = z.object({
  /** Defaults to the other role of the caller (sellers for visitors). */
  role: roleSchema.optional(),
  q: z.string().max(200).optional(),
  category: sectorSchema.optional(),
  near: coordinatePairSchema.optional(),
  radiusKm: z.coerce.number().min(1).max(20_000).optional(),
  sort: directorySortSchema.optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type FindUsersQuery = z.infer<typeof findUsersQuerySchema>;

export const usersPageSchema = z
  .object({ items: z.array(publicProfileSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'UsersPage' });
export type UsersPage = z.infer<typeof usersPageSchema>;

export const featuredSellersSchema = z.object({ items: z.array(publicProfileSchema) });
export type FeaturedSellers = z.infer<typeof featuredSellersSchema>;

export const updateProfileBodySchema = z
  .object({
    firstName: z.string().trim().min(1, { error: 'Required.' }).max(80),
    lastName: z.string().trim().min(1, { error: 'Required.' }).max(80),
    description: z.string().trim().max(2000),
    category: sectorSchema.nullable(),
    location: locationSchema.nullable(),
  })
  .partial()
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Everything the service holds about the caller (GDPR art. 15 and 20, CCPA "right to know"). */
export const accountExportSchema = z
  .object({
    exportedAt: z.iso.datetime(),
    account: privateUserSchema,
    uploads: z.array(uploadedImageSchema),
    gallery: z.array(uploadedImageSchema),
    chats: z.array(
      z.object({
        id: idSchema,
        buyerId: idSchema,
        sellerId: idSchema,
        createdAt: z.iso.datetime(),
        messages: z.array(
          z.object({
            id: idSchema,
            chatId: idSchema,
            senderId: idSchema,
            body: z.string(),
            clientId: z.string(),
            createdAt: z.iso.datetime(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
