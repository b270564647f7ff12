import { z } from 'zod';
import { briefExportSchema } from './briefs.js';
import { idSchema, locationInputSchema, sectorSchema } from './common.js';
import { messageSchema } from './chats.js';
import { dealSchema } from './deals/deals.js';
import { publicProfileSchema } from './directory.js';
import { notificationSettingsSchema } from './notifications.js';
import { myDecisionSchema } from './moderation.js';
import { negotiationSettingsSchema } from './negotiation.js';
import { ownReportSchema } from './reports.js';
import { ownReviewSchema } from './reviews.js';
import { serviceSchema } from './services.js';
import { GALLERY_LIMITS } from './limits.js';
import { multiLineText, singleLineText } from './text.js';
import { uploadedImageSchema } from './uploads.js';

/**
 * The signed-in person's own account, everything under /me: the private view, profile, email,
 * password, gallery, export and deletion. The email and password rules live here because the
 * account holds them; sign-up (auth.ts) uses the same ones.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const emailSchema = singleLineText()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const passwordSchema = singleLineText({ trim: false })
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

/** A password being checked rather than chosen: any the rules ever allowed. */
export const currentPasswordSchema = singleLineText({ trim: false })
  .min(1)
  .max(PASSWORD_MAX_LENGTH);

/**
 * A business's name, the one shown wherever the business is: directory cards, its profile, chats
 * and Maya's cards (as `fullName`). A business is not asked for a person's first and last name.
 */
export const businessNameSchema = singleLineText()
  .min(1, { error: 'Required.' })
  .max(120, { error: 'Use at most 120 characters.' });

/** The signed-in user's own view of the account. */
export const privateUserSchema = publicProfileSchema
  .extend({
    email: z.email(),
    /** Whether the owner followed the confirmation link mailed to `email`. */
    emailVerified: z.boolean(),
    plan: z.enum(['free', 'pro']),
  })
  .meta({ id: 'PrivateUser' });
export type PrivateUser = z.infer<typeof privateUserSchema>;

export const meResponseSchema = z.object({ user: privateUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const updateProfileBodySchema = z
  .object({
    firstName: singleLineText().min(1, { error: 'Required.' }).max(80),
    lastName: singleLineText().min(1, { error: 'Required.' }).max(80),
    /** A business's name (a business only): it becomes the whole `fullName`. */
    businessName: businessNameSchema,
    description: multiLineText().max(2000),
    category: sectorSchema.nullable(),
    location: locationInputSchema.nullable(),
    /** A business only: whether it acts as a trader under EU consumer law (its profile says so). */
    trader: z.boolean(),
  })
  .partial()
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    confirmPassword: singleLineText({ trim: false }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The passwords do not match.',
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeEmailBodySchema = z
  .object({
    email: emailSchema,
    confirmEmail: singleLineText().max(254),
    password: currentPasswordSchema,
  })
  .refine((body) => body.email.toLowerCase() === body.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    error: 'The email addresses do not match.',
  })
  .meta({ id: 'ChangeEmailBody' });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/**
 * An email change waits for the link mailed to the new address: `user` is the account as it still
 * is (the old email), `pendingEmail` the address that takes effect once the link is followed.
 */
export const changeEmailResponseSchema = z
  .object({ user: privateUserSchema, pendingEmail: z.email(), message: z.string() })
  .meta({ id: 'ChangeEmailResponse' });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

export const deleteAccountBodySchema = z
  .object({ password: currentPasswordSchema })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The most any plan's gallery holds; each plan's own limit is checked by the server. */
export const GALLERY_MAX_ITEMS = Math.max(...Object.values(GALLERY_LIMITS));

export const putGalleryBodySchema = z
  .object({
    imageIds: z
      .array(idSchema)
      .max(GALLERY_MAX_ITEMS, { error: `A gallery holds at most ${GALLERY_MAX_ITEMS} images.` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'An image appears twice.' }),
  })
  .meta({ id: 'PutGalleryBody' });
export type PutGalleryBody = z.infer<typeof putGalleryBodySchema>;

export const galleryResponseSchema = z
  .object({ gallery: z.array(uploadedImageSchema) })
  .meta({ id: 'GalleryResponse' });
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;

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
        messages: z.array(messageSchema),
      }),
    ),
    notifications: notificationSettingsSchema.describe('The mail about unread messages.'),
    blocks: z
      .array(z.object({ blockedUserId: idSchema, createdAt: z.iso.datetime() }))
      .describe('The people the account blocked.'),
    devices: z
      .array(
        z.object({
          pushService: z.url().describe("The origin of the browser's push service."),
          createdAt: z.iso.datetime(),
        }),
      )
      .describe(
        'The browsers that get notifications on the device (their addresses and keys stay with the service).',
      ),
    reports: z
      .array(ownReportSchema)
      .describe(
        'The reports the account made: what was reported and why, and whether it is resolved; never the evidence, which holds others’ data.',
      ),
    services: z
      .array(serviceSchema)
      .describe("The business's services with their prices, in their order."),
    negotiation: negotiationSettingsSchema
      .nullable()
      .describe(
        "A business's settings for Maya answering its quote requests, its floors included; null when it never saved any.",
      ),
    saved: z
      .array(z.object({ businessId: idSchema, savedAt: z.iso.datetime() }))
      .describe('The businesses the account saved, the latest first.'),
    decisions: z
      .array(myDecisionSchema)
      .describe(
        "Operators' decisions about the account, each with its statement of reasons and the account's appeal.",
      ),
    deals: z
      .array(dealSchema)
      .describe(
        'The quote requests, offers and deals the account is a party to, each with its request, every version of its offer and what became of it.',
      ),
    reviews: z
      .array(ownReviewSchema)
      .describe(
        'The reviews the account wrote after its deals, published or still waiting for the other side, each with the business’s reply.',
      ),
    briefs: z
      .array(briefExportSchema)
      .describe(
        'The briefs a client had Maya send, newest first: the need and its terms as confirmed, and each business named, with its deal or why it was not asked.',
      ),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
