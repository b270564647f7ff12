import { z } from 'zod';
import { idSchema } from './common.js';
import { REVIEW_RULES } from './review-rules.js';
import { multiLineText } from './text.js';

export { bayesianRating, RATING_RANKING, REVIEW_RULES } from './review-rules.js';

/**
 * Reviews after a completed deal (GET /deal-reviews/{id}, PUT /deal-reviews/{id}/mine,
 * POST /deal-reviews/{id}/reply, GET /users/{id}/reviews). One per side, double-blind: neither
 * sees the other's until both have written or the window closed; then both are published at once
 * and no longer change.
 */

export const reviewSideSchema = z.enum(['buyer', 'business']).meta({ id: 'ReviewSide' });
export type ReviewSide = z.infer<typeof reviewSideSchema>;

/** A business's reviews in short: the plain average (one decimal) and how many. */
export const ratingSummarySchema = z
  .object({
    average: z.number().min(REVIEW_RULES.ratingMin).max(REVIEW_RULES.ratingMax),
    count: z.number().int().min(1),
  })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewSchema = z
  .object({
    id: idSchema,
    dealId: idSchema,
    side: reviewSideSchema,
    rating: z.number().int().min(REVIEW_RULES.ratingMin).max(REVIEW_RULES.ratingMax),
    text: z.string(),
    /** Who wrote it; a deleted buyer's published review stays, as a former client's. */
    author: z.object({ id: idSchema.nullable(), name: z.string(), former: z.boolean() }),
    /** The business's one reply, or null. */
    reply: z.object({ text: z.string(), at: z.iso.datetime() }).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** When both were shown: null while it waits for the other side or the window's end. */
    publishedAt: z.iso.datetime().nullable(),
    /**
     * When an operator took it down after a report (a `remove_review` decision): only its author
     * still sees it, so they know what was decided; nobody else is shown it or counts it.
     */
    removedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** A review in its author's data export: published or not, with the business's reply to it. */
export const ownReviewSchema = z
  .object({
    dealId: idSchema,
    side: reviewSideSchema,
    rating: z.number().int().min(REVIEW_RULES.ratingMin).max(REVIEW_RULES.ratingMax),
    text: z.string(),
    reply: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'OwnReview' });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/**
 * A deal's reviews as one of its two people sees them. `waiting`: one or none written and the
 * window open (the other's review, if any, is not shown); `published`: both shown; `held`: an
 * operator checks the deal first; `closed`: the window ended with nothing written, or the deal is
 * not completed.
 */
export const dealReviewsSchema = z
  .object({
    status: z.enum(['not_completed', 'waiting', 'published', 'held', 'closed']),
    /** The last instant a review may be written or edited; null before completion. */
    windowEndsAt: z.iso.datetime().nullable(),
    mine: reviewSchema.nullable(),
    /** The other side's review: null until published. */
    theirs: reviewSchema.nullable(),
    /** Whether the caller may write (or edit) a review now. */
    canWrite: z.boolean(),
    /** Whether the caller, the business, may reply to the buyer's published review now. */
    canReply: z.boolean(),
  })
  .meta({ id: 'DealReviews' });
export type DealReviews = z.infer<typeof dealReviewsSchema>;

export const dealReviewParamsSchema = z.object({ id: idSchema });

export const reviewBodySchema = z
  .object({
    rating: z
      .number()
      .int({ error: 'Choose from 1 to 5 stars.' })
      .min(REVIEW_RULES.ratingMin, { error: 'Choose from 1 to 5 stars.' })
      .max(REVIEW_RULES.ratingMax, { error: 'Choose from 1 to 5 stars.' }),
    text: multiLineText()
      .min(1, { error: 'Required.' })
      .max(REVIEW_RULES.textMax, { error: `Use at most ${REVIEW_RULES.textMax} characters.` }),
  })
  .meta({ id: 'ReviewBody' });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewReplyBodySchema = z
  .object({
    text: multiLineText()
      .min(1, { error: 'Required.' })
      .max(REVIEW_RULES.replyMax, { error: `Use at most ${REVIEW_RULES.replyMax} characters.` }),
  })
  .meta({ id: 'ReviewReplyBody' });
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;

/** A business's published reviews from its clients, newest first, with their summary. */
export const businessReviewsSchema = z
  .object({
    rating: ratingSummarySchema.nullable(),
    items: z.array(reviewSchema),
  })
  .meta({ id: 'BusinessReviews' });
export type BusinessReviews = z.infer<typeof businessReviewsSchema>;

/** A deal whose reviews wait for an operator (GET /admin/review-holds). */
export const reviewHoldSchema = z
  .object({
    dealId: idSchema,
    businessId: idSchema.nullable(),
    buyerId: idSchema.nullable(),
    /** The signals that matched: `email_domain` (the two share a private mail domain). */
    reasons: z.array(z.string()),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ReviewHold' });
export type ReviewHold = z.infer<typeof reviewHoldSchema>;

export const reviewHoldsSchema = z
  .object({ items: z.array(reviewHoldSchema) })
  .meta({ id: 'ReviewHolds' });

export const decideReviewHoldBodySchema = z
  .object({ decision: z.enum(['released', 'removed']) })
  .meta({ id: 'DecideReviewHoldBody' });
export type DecideReviewHoldBody = z.infer<typeof decideReviewHoldBodySchema>;
