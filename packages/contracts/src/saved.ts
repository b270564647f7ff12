import { z } from 'zod';
import { idSchema } from './common.js';
import { publicProfileSchema } from './directory.js';
import { singleLineText } from './text.js';

/**
 * Saved businesses: the ones a client keeps to come back to (PUT, DELETE /me/saved/{businessId},
 * GET /me/saved). Only a client saves; only businesses they may see are listed.
 */

export const savedParamsSchema = z.object({ businessId: idSchema });

/** A business saved, and since when: saving again answers the first time. */
export const savedBusinessSchema = z
  .object({ businessId: idSchema, savedAt: z.iso.datetime() })
  .meta({ id: 'SavedBusiness' });
export type SavedBusiness = z.infer<typeof savedBusinessSchema>;

export const findSavedQuerySchema = z.object({
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type FindSavedQuery = z.infer<typeof findSavedQuerySchema>;

/** The caller's saved businesses as the directory's cards, the latest saved first. */
export const savedPageSchema = z
  .object({
    items: z.array(
      publicProfileSchema.extend({ savedAt: z.iso.datetime() }).meta({ id: 'SavedCard' }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SavedPage' });
export type SavedPage = z.infer<typeof savedPageSchema>;
