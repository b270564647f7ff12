import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import {
  deals,
  knownDevices,
  reviewHolds,
  reviews,
  users,
  type ReviewHoldRow,
  type ReviewRow,
} from '../../db/schema/index.js';

export type { ReviewHoldRow, ReviewRow };

export type NewReview = Pick<
  ReviewRow,
  'id' | 'dealId' | 'side' | 'authorId' | 'subjectId' | 'rating' | 'body' | 'windowEndsAt'
> & { at: Date };

/**
 * A review is published at `now` (the SQL twin of `publication` in reviews.policy.ts): its deal
 * is not held or removed by an operator, and the other side wrote too or the window closed; and
 * it was not taken down after a report (`removed_at`).
 */
function publishedAt(now: Date): SQL {
  return sql`${reviews.removedAt} is null and not exists (
      select 1 from ${reviewHolds} h
      where h.deal_id = ${reviews.dealId} and (h.decision is null or h.decision = 'removed')
    ) and (
      ${reviews.windowEndsAt} < ${now}
      or exists (
        select 1 from ${reviews} o
        where o.deal_id = ${reviews.dealId} and o.side <> ${reviews.side} and o.created_at <= ${now}
      )
    )`;
}

/** What a review needs of its deal: the two people and the instants its completion is read from. */
export interface ReviewedDeal {
  id: string;
  buyerId: string;
  sellerId: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  problemWindowEndsAt: Date | null;
  problemReportedAt: Date | null;
}

export function createReviewsRepository(db: Database) {
  return {
    /** The deal a review is about, read from the deals module's table (never written here). */
    async findDeal(id: string): Promise<ReviewedDeal | undefined> {
      const [row] = await db
        .select({
          id: deals.id,
          buyerId: deals.buyerId,
          sellerId: deals.sellerId,
          status: deals.status,
          createdAt: deals.createdAt,
          updatedAt: deals.updatedAt,
          problemWindowEndsAt: deals.problemWindowEndsAt,
          problemReportedAt: deals.problemReportedAt,
        })
        .from(deals)
        .where(eq(deals.id, id));
      return row;
    },

    /** A deal's reviews, both sides, as stored: the service decides what its reader may see. */
    async findByDeal(dealId: string): Promise<ReviewRow[]> {
      return db.select().from(reviews).where(eq(reviews.dealId, dealId)).orderBy(asc(reviews.side));
    },

    /** Writes a side's first review; undefined when that side has one (a race: edit it instead). */
    async insert(review: NewReview): Promise<ReviewRow | undefined> {
      const { at, ...fields } = review;
      const [row] = await db
        .insert(reviews)
        .values({ ...fields, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(id: string, fields: { rating: number; body: string }, at: Date) {
      const [row] = await db
        .update(reviews)
        .set({ ...fields, updatedAt: at })
        .where(eq(reviews.id, id))
        .returning();
      return row;
    },

    /** Sets the reply once: undefined when there already is one. */
    async reply(id: string, text: string, at: Date): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ reply: text, repliedAt: at })
        .where(and(eq(reviews.id, id), isNull(reviews.reply)))
        .returning();
      return row;
    },

    /** A review published at `now`, with the deal's two people; undefined otherwise. */
    async findPublished(id: string, now: Date) {
      const [row] = await db
        .select({ review: reviews, buyerId: deals.buyerId, sellerId: deals.sellerId })
        .from(reviews)
        .leftJoin(deals, eq(deals.id, reviews.dealId))
        .where(and(eq(reviews.id, id), publishedAt(now)));
      return row;
    },

    /** A business's clients' reviews published at `now`, newest first. */
    async findPublishedOf(businessId: string, now: Date, limit: number): Promise<ReviewRow[]> {
      return db
        .select()
        .from(reviews)
        .where(and(eq(reviews.subjectId, businessId), eq(reviews.side, 'buyer'), publishedAt(now)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },

    /** Each business's published clients' reviews at `now`: their count and plain average. */
    async ratingsOf(
      businessIds: readonly string[],
      now: Date,
    ): Promise<Map<string, { count: number; average: number }>> {
      if (businessIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: reviews.subjectId,
          count: sql<number>`count(*)::int`,
          average: sql<number>`avg(${reviews.rating})::float8`,
        })
        .from(reviews)
        .where(
          and(
            inArray(reviews.subjectId, [...new Set(businessIds)]),
            eq(reviews.side, 'buyer'),
            publishedAt(now),
          ),
        )
        .groupBy(reviews.subjectId);
      return new Map(rows.map((row) => [row.id, { count: row.count, average: row.average }]));
    },

    /**
     * Whether one browser signed in to both accounts (their device tokens share a browser id,
     * modules/auth), one of them since `since`: a sign of one owner behind both.
     */
    async shareBrowser(a: string, b: string, since: Date): Promise<boolean> {
      const rows = await selectRows<{ shared: number }>(
        db,
        sql`select 1 as shared from ${knownDevices} x
            join ${knownDevices} y on y.browser_id = x.browser_id
            where x.user_id = ${a} and y.user_id = ${b}
              and greatest(x.last_used_at, y.last_used_at) >= ${since}
            limit 1`,
      );
      return rows.length > 0;
    },

    /** The two people's addresses, for the hold's check. */
    async emailsOf(ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    async findHold(dealId: string): Promise<ReviewHoldRow | undefined> {
      const [row] = await db.select().from(reviewHolds).where(eq(reviewHolds.dealId, dealId));
      return row;
    },

    /** Holds a deal's reviews (once: a second call keeps the first hold). */
    async hold(hold: Pick<ReviewHoldRow, 'dealId' | 'businessId' | 'buyerId' | 'reasons'>) {
      await db.insert(reviewHolds).values(hold).onConflictDoNothing();
    },

    /** The holds waiting for an operator, oldest first. */
    async findOpenHolds(): Promise<ReviewHoldRow[]> {
      return db
        .select()
        .from(reviewHolds)
        .where(isNull(reviewHolds.decision))
        .orderBy(asc(reviewHolds.createdAt));
    },

    /** Decides an open hold; undefined when it is not open. */
    async decideHold(
      dealId: string,
      decision: 'released' | 'removed',
      operatorId: string,
      at: Date,
    ): Promise<ReviewHoldRow | undefined> {
      const [row] = await db
        .update(reviewHolds)
        .set({ decision, decidedBy: operatorId, decidedAt: at })
        .where(and(eq(reviewHolds.dealId, dealId), isNull(reviewHolds.decision)))
        .returning();
      return row;
    },

    /** Reviews an account wrote, oldest first (the data export). */
    async findByAuthor(authorId: string): Promise<ReviewRow[]> {
      return db
        .select()
        .from(reviews)
        .where(eq(reviews.authorId, authorId))
        .orderBy(asc(reviews.createdAt));
    },

    /**
     * Before an account is deleted: what it wrote and was never published goes; what was
     * published stays, its author cleared by the foreign key (a former client's).
     */
    async deleteUnpublishedBy(authorId: string, now: Date): Promise<void> {
      await db
        .delete(reviews)
        .where(and(eq(reviews.authorId, authorId), sql`not (${publishedAt(now)})`));
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
