import {
  type BusinessReviews,
  type ChatPartner,
  type DealReviews,
  type RatingSummary,
  type Review,
  type ReviewBody,
  type ReviewHold,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { OperatorActor } from '../../lib/operator-actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import {
  completedAt,
  holdReasons,
  publication,
  reviewWindowEnd,
  type HoldState,
} from './reviews.policy.js';
import type { ReviewHoldRow, ReviewRow, ReviewsRepository } from './reviews.repository.js';

const PUBLISHED_PAGE = 50;

function notFound(): AppError {
  return new AppError('NOT_FOUND', { key: 'errors:reviews.notFound' });
}

function holdStateOf(hold: ReviewHoldRow | undefined): HoldState {
  if (!hold) return 'none';
  return hold.decision ?? 'held';
}

/** The plain average to one decimal, as cards show it. */
function summary(rating: { count: number; average: number } | undefined): RatingSummary | null {
  if (!rating || rating.count === 0) return null;
  return { count: rating.count, average: Math.round(rating.average * 10) / 10 };
}

export interface ReviewsServiceOptions {
  repository: ReviewsRepository;
  /** Who may see a business's profile may read its reviews; others get its 404. */
  directory: Pick<DirectoryService, 'findChatPartners' | 'getPublicProfile'>;
  blocks: Pick<BlocksService, 'isBlockedBetween'>;
  now?: () => Date;
}

/**
 * Reviews after a completed deal: one per side, within the window, double-blind. Whether the
 * other side's review is shown is decided at each read from the clock and the deal's two rows
 * (`publication`), so no path, whatever calls it, can read one early: every reader goes through
 * this service or the repository's published queries. Only the deal's two people see a deal's
 * reviews before publication, each only their own.
 */
export function createReviewsService({
  repository,
  directory,
  blocks,
  now = () => new Date(),
}: ReviewsServiceOptions) {
  async function toReviews(
    rows: ReviewRow[],
    publishedAt: Date | null,
  ): Promise<Map<string, Review>> {
    const people = await directory.findChatPartners(
      rows.flatMap((row) => (row.authorId ? [row.authorId] : [])),
    );
    const author = (id: string | null): Review['author'] => {
      const known: ChatPartner | undefined = id ? people.get(id) : undefined;
      if (!id || !known || known.deleted) return { id: null, name: '', former: true };
      return { id, name: known.fullName, former: false };
    };
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          dealId: row.dealId,
          side: row.side,
          rating: row.rating,
          text: row.body,
          author: author(row.authorId),
          // A reply taken down after a report is shown to nobody.
          reply:
            row.reply !== null && row.repliedAt && !row.replyRemovedAt
              ? { text: row.reply, at: row.repliedAt.toISOString() }
              : null,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          publishedAt: publishedAt?.toISOString() ?? null,
          removedAt: row.removedAt?.toISOString() ?? null,
        },
      ]),
    );
  }

  /** The deal and the caller's side in it; anyone else gets the 404 of an unknown deal. */
  async function partyDeal(actor: Actor, dealId: string) {
    const deal = await repository.findDeal(dealId);
    if (!deal) throw notFound();
    if (deal.buyerId === actor.userId) {
      return { deal, side: 'buyer' as const, otherId: deal.sellerId };
    }
    if (deal.sellerId === actor.userId) {
      return { deal, side: 'business' as const, otherId: deal.buyerId };
    }
    throw notFound();
  }

  /** Everything the caller may know of a deal's reviews at `at`. */
  async function readDeal(actor: Actor, dealId: string, at: Date) {
    const { deal, side, otherId } = await partyDeal(actor, dealId);
    const completed = completedAt(deal, at);
    const [rows, hold, blocked] = await Promise.all([
      completed ? repository.findByDeal(deal.id) : Promise.resolve([]),
      repository.findHold(deal.id),
      blocks.isBlockedBetween(deal.buyerId, deal.sellerId),
    ]);
    const windowEndsAt = completed ? reviewWindowEnd(completed) : null;
    const holdState = holdStateOf(hold);
    const shown = windowEndsAt
      ? publication(rows, windowEndsAt, holdState, at)
      : { published: false, at: null };
    return {
      deal,
      side,
      otherId,
      rows,
      windowEndsAt,
      holdState,
      blocked,
      shown,
      mine: rows.find((row) => row.side === side),
      theirs: rows.find((row) => row.side !== side),
    };
  }

  return {
    /**
     * A deal's reviews as one of its two people sees them: their own always, the other's only
     * once published. Nobody else learns the deal exists.
     */
    async getDealReviews(actor: Actor, dealId: string): Promise<DealReviews> {
      const at = now();
      const read = await readDeal(actor, dealId, at);
      const { windowEndsAt, shown, holdState, mine } = read;
      // The other's review taken down after a report is not shown; the author still sees theirs.
      const theirs = read.theirs?.removedAt ? undefined : read.theirs;
      const views = await toReviews(
        [mine, shown.published ? theirs : undefined].filter((row) => row !== undefined),
        shown.at,
      );
      const open = windowEndsAt !== null && at <= windowEndsAt;
      let status: DealReviews['status'];
      if (!windowEndsAt) status = 'not_completed';
      else if (holdState === 'held' && read.rows.length > 0) status = 'held';
      else if (shown.published) status = 'published';
      else if (open && holdState !== 'removed') status = 'waiting';
      else status = 'closed';
      return {
        status,
        windowEndsAt: windowEndsAt?.toISOString() ?? null,
        mine: mine ? (views.get(mine.id) ?? null) : null,
        theirs: shown.published && theirs ? (views.get(theirs.id) ?? null) : null,
        canWrite: open && !shown.published && !read.blocked && holdState !== 'removed',
        canReply:
          read.side === 'business' &&
          shown.published &&
          !read.blocked &&
          theirs !== undefined &&
          theirs.reply === null,
      };
    },

    /**
     * Writes the caller's review of a completed deal, or edits it while it is not published.
     * The side is the caller's own, so a business can only ever review its client, never itself.
     * A deal whose two accounts share a private mail domain is held for an operator.
     */
    async writeReview(actor: Actor, dealId: string, body: ReviewBody): Promise<DealReviews> {
      const at = now();
      const read = await readDeal(actor, dealId, at);
      if (read.blocked) throw new AppError('FORBIDDEN', { key: 'errors:reviews.blocked' });
      if (!read.windowEndsAt) {
        throw new AppError('CONFLICT', { key: 'errors:reviews.notCompleted' });
      }
      if (read.shown.published) {
        throw new AppError('CONFLICT', { key: 'errors:reviews.published' });
      }
      if (at > read.windowEndsAt || read.holdState === 'removed') {
        throw new AppError('CONFLICT', { key: 'errors:reviews.closed' });
      }

      if (read.mine) {
        await repository.update(read.mine.id, { rating: body.rating, body: body.text }, at);
      } else {
        if (read.rows.length === 0) {
          const emails = await repository.emailsOf([read.deal.buyerId, read.deal.sellerId]);
          const reasons = holdReasons(
            emails.get(read.deal.buyerId) ?? '',
            emails.get(read.deal.sellerId) ?? '',
          );
          // One browser signed in to both, since the deal began.
          if (
            await repository.shareBrowser(
              read.deal.buyerId,
              read.deal.sellerId,
              read.deal.createdAt,
            )
          ) {
            reasons.push('shared_device');
          }
          if (reasons.length > 0) {
            await repository.hold({
              dealId: read.deal.id,
              businessId: read.deal.sellerId,
              buyerId: read.deal.buyerId,
              reasons,
            });
          }
        }
        const written = await repository.insert({
          id: uuidv7(at.getTime()),
          dealId: read.deal.id,
          side: read.side,
          authorId: actor.userId,
          subjectId: read.otherId,
          rating: body.rating,
          body: body.text,
          windowEndsAt: read.windowEndsAt,
          at,
        });
        if (!written) {
          // The same person's second request won the race to write first: edit that one.
          const mine = (await repository.findByDeal(read.deal.id)).find(
            (r) => r.side === read.side,
          );
          if (mine) await repository.update(mine.id, { rating: body.rating, body: body.text }, at);
        }
      }
      return this.getDealReviews(actor, dealId);
    },

    /** The business's one reply to its client's published review. */
    async replyToReview(actor: Actor, dealId: string, text: string): Promise<DealReviews> {
      const at = now();
      const read = await readDeal(actor, dealId, at);
      if (read.side !== 'business') {
        throw new AppError('FORBIDDEN', { key: 'errors:reviews.replyBusinessOnly' });
      }
      if (read.blocked) throw new AppError('FORBIDDEN', { key: 'errors:reviews.blocked' });
      if (!read.shown.published || !read.theirs) {
        throw new AppError('CONFLICT', { key: 'errors:reviews.notPublished' });
      }
      if (!(await repository.reply(read.theirs.id, text, at))) {
        throw new AppError('CONFLICT', { key: 'errors:reviews.replied' });
      }
      return this.getDealReviews(actor, dealId);
    },

    /**
     * A published review (or its reply, `part`) as the caller may report it: one they can see (a
     * party to its deal, or a client's review on a profile they may see), and not their own
     * words. Anything else is the 404 of an unknown review. Answers whose words they are (null
     * for a former client) and what the report's evidence freezes.
     */
    async reviewForReport(actor: Actor, reviewId: string, part: 'review' | 'reply') {
      const found = await repository.findPublished(reviewId, now());
      if (!found) throw notFound();
      const { review } = found;
      const party = actor.userId === found.buyerId || actor.userId === found.sellerId;
      if (!party) {
        if (review.side !== 'buyer') throw notFound();
        // Whom the business's profile is hidden from (a block, a hidden account) knows no review.
        await directory
          .getPublicProfile(actor, { id: review.subjectId })
          .catch((error: unknown) => {
            throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound() : error;
          });
      }
      if (part === 'reply' && (review.reply === null || review.replyRemovedAt)) throw notFound();
      // The review's words are its author's; the reply's, the business's (the review's subject).
      const authorId = part === 'review' ? review.authorId : review.subjectId;
      if (authorId === actor.userId) {
        throw new AppError('FORBIDDEN', { key: 'reports:errors.self' });
      }
      const names = await directory.findChatPartners(
        [review.authorId, review.subjectId].filter((id): id is string => id !== null),
      );
      const nameOf = (id: string | null) => (id ? (names.get(id)?.fullName ?? '') : '');
      return {
        authorId,
        evidence: {
          id: review.id,
          dealId: review.dealId,
          side: review.side,
          part,
          rating: review.rating,
          text: review.body,
          reply: review.replyRemovedAt ? null : review.reply,
          authorId: review.authorId,
          authorName: nameOf(review.authorId),
          subjectId: review.subjectId,
          subjectName: nameOf(review.subjectId),
          createdAt: review.createdAt.toISOString(),
          repliedAt: review.repliedAt?.toISOString() ?? null,
        },
      };
    },

    /** A business's published reviews from its clients, and their summary. */
    async findBusinessReviews(viewer: Actor | null, businessId: string): Promise<BusinessReviews> {
      const profile = await directory.getPublicProfile(viewer, { id: businessId });
      if (profile.role !== 'seller') throw notFound();
      const at = now();
      const [rows, ratings] = await Promise.all([
        repository.findPublishedOf(businessId, at, PUBLISHED_PAGE),
        repository.ratingsOf([businessId], at),
      ]);
      const views = await toReviews(rows, null);
      return {
        rating: summary(ratings.get(businessId)),
        // A published review's instant is not needed on a profile; the deal view carries it.
        items: rows.map((row) => views.get(row.id)!),
      };
    },

    /** Each business's rating summary at now (cards, profiles, Maya's reasons); none without one. */
    async ratingsOf(businessIds: readonly string[]): Promise<Map<string, RatingSummary>> {
      const ratings = await repository.ratingsOf(businessIds, now());
      const out = new Map<string, RatingSummary>();
      for (const [id, rating] of ratings) {
        const shown = summary(rating);
        if (shown) out.set(id, shown);
      }
      return out;
    },

    /** The deals whose reviews wait for an operator. */
    async findHolds(_operator: OperatorActor): Promise<{ items: ReviewHold[] }> {
      const rows = await repository.findOpenHolds();
      return {
        items: rows.map((row) => ({
          dealId: row.dealId,
          businessId: row.businessId,
          buyerId: row.buyerId,
          reasons: row.reasons,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** Releases a held deal's reviews (they publish by the usual rule) or removes them for good. */
    async decideHold(
      operator: OperatorActor,
      dealId: string,
      decision: 'released' | 'removed',
    ): Promise<void> {
      if (!(await repository.decideHold(dealId, decision, operator.operatorId, now()))) {
        throw notFound();
      }
    },

    /** What an account wrote, for its data export. */
    async exportOf(userId: string) {
      const rows = await repository.findByAuthor(userId);
      return rows.map((row) => ({
        dealId: row.dealId,
        side: row.side,
        rating: row.rating,
        text: row.body,
        reply: row.reply,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    /** Before an account's deletion: its unpublished reviews go, its published ones stay. */
    async forgetAuthor(userId: string): Promise<void> {
      await repository.deleteUnpublishedBy(userId, now());
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
