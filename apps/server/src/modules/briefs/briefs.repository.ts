import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  briefBusinesses,
  briefs,
  deals,
  type BriefBusinessRow,
  type BriefRow,
} from '../../db/schema/index.js';
import type { BriefExport } from '@maya/contracts';
import type { TimeIdCursor } from '../../lib/cursor.js';

/** The negotiation states in which a buyer and a business are still talking terms. */
const OPEN = ['requested', 'offered', 'countered'] as const;

/** Briefs and the businesses each named. */
export function createBriefsRepository(db: Database) {
  async function businessesOf(briefIds: string[]): Promise<BriefBusinessRow[]> {
    if (briefIds.length === 0) return [];
    return db.select().from(briefBusinesses).where(inArray(briefBusinesses.briefId, briefIds));
  }

  return {
    businessesOf,

    async findByClientId(buyerId: string, clientId: string): Promise<BriefRow | undefined> {
      const [row] = await db
        .select()
        .from(briefs)
        .where(and(eq(briefs.buyerId, buyerId), eq(briefs.clientId, clientId)))
        .limit(1);
      return row;
    },

    async findById(id: string): Promise<BriefRow | undefined> {
      const [row] = await db.select().from(briefs).where(eq(briefs.id, id)).limit(1);
      return row;
    },

    /** Briefs the buyer confirmed since `since`, for the daily limit. */
    async countSince(buyerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(briefs)
        .where(and(eq(briefs.buyerId, buyerId), gte(briefs.createdAt, since)));
      return row?.count ?? 0;
    },

    /** The businesses among `businessIds` the buyer has an open negotiation with. */
    async openWith(buyerId: string, businessIds: string[]): Promise<Set<string>> {
      if (businessIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ sellerId: deals.sellerId })
        .from(deals)
        .where(
          and(
            eq(deals.buyerId, buyerId),
            inArray(deals.sellerId, businessIds),
            inArray(deals.status, [...OPEN]),
          ),
        );
      return new Set(rows.map((row) => row.sellerId));
    },

    /** Writes the brief; a concurrent confirmation with the same client id writes nothing. */
    async insert(row: typeof briefs.$inferInsert): Promise<boolean> {
      const written = await db
        .insert(briefs)
        .values(row)
        .onConflictDoNothing({ target: [briefs.buyerId, briefs.clientId] })
        .returning({ id: briefs.id });
      return written.length > 0;
    },

    async insertBusiness(row: typeof briefBusinesses.$inferInsert): Promise<void> {
      await db.insert(briefBusinesses).values(row).onConflictDoNothing();
    },

    /** Every brief of the buyer, newest first, with the businesses each named (the export). */
    async exportOwn(buyerId: string): Promise<BriefExport[]> {
      const rows = await db
        .select()
        .from(briefs)
        .where(eq(briefs.buyerId, buyerId))
        .orderBy(desc(briefs.createdAt), desc(briefs.id));
      const named = await businessesOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        need: row.need,
        when: { from: row.whenFrom, to: row.whenTo },
        where: row.whereText,
        budget:
          row.budgetAmount === null ? null : { amount: row.budgetAmount, currency: row.currency },
        wanted: row.wanted,
        priority: row.priority,
        answerBy: row.answerBy.toISOString(),
        createdAt: row.createdAt.toISOString(),
        businesses: named
          .filter((one) => one.briefId === row.id)
          .map(({ businessId, dealId, skipped }) => ({ businessId, dealId, skipped })),
      }));
    },

    /** A deleted account's briefs, and the businesses they named (not the deals, which stay). */
    async deleteAllOf(buyerId: string): Promise<void> {
      await db.delete(briefs).where(eq(briefs.buyerId, buyerId));
    },

    /** The buyer's briefs, newest first, after the cursor. */
    async page(buyerId: string, limit: number, after?: TimeIdCursor): Promise<BriefRow[]> {
      return db
        .select()
        .from(briefs)
        .where(
          and(
            eq(briefs.buyerId, buyerId),
            after
              ? or(
                  lt(briefs.createdAt, after.at),
                  and(eq(briefs.createdAt, after.at), lt(briefs.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(briefs.createdAt), desc(briefs.id))
        .limit(limit);
    },
  };
}

export type { BriefRow };
export type BriefsRepository = ReturnType<typeof createBriefsRepository>;
