import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TimeIdCursor } from '../../lib/cursor.js';
import { blockedBetween, listed, savedBusinesses, users } from '../../db/schema/index.js';

/** The businesses clients saved. */
export function createSavedRepository(db: Database) {
  return {
    /** Saves `businessId` for `buyerId`; answers when, the first time or before. */
    async insert(buyerId: string, businessId: string, at: Date): Promise<Date> {
      const [row] = await db
        .insert(savedBusinesses)
        .values({ buyerId, businessId, savedAt: at })
        .onConflictDoNothing()
        .returning({ savedAt: savedBusinesses.savedAt });
      if (row) return row.savedAt;
      const [existing] = await db
        .select({ savedAt: savedBusinesses.savedAt })
        .from(savedBusinesses)
        .where(
          and(eq(savedBusinesses.buyerId, buyerId), eq(savedBusinesses.businessId, businessId)),
        );
      return existing?.savedAt ?? at;
    },

    async delete(buyerId: string, businessId: string): Promise<void> {
      await db
        .delete(savedBusinesses)
        .where(
          and(eq(savedBusinesses.buyerId, buyerId), eq(savedBusinesses.businessId, businessId)),
        );
    },

    /**
     * One page of what `buyerId` saved, the latest first, of the businesses listed now with no
     * block either way: the others keep their row and come back when visible again.
     */
    async findShownPage(
      buyerId: string,
      limit: number,
      after?: TimeIdCursor,
    ): Promise<{ businessId: string; savedAt: Date }[]> {
      return db
        .select({ businessId: savedBusinesses.businessId, savedAt: savedBusinesses.savedAt })
        .from(savedBusinesses)
        .innerJoin(users, eq(users.id, savedBusinesses.businessId))
        .where(
          and(
            eq(savedBusinesses.buyerId, buyerId),
            eq(users.role, 'seller'),
            listed(),
            sql`not ${blockedBetween(sql`${buyerId}::uuid`, users.id)}`,
            after
              ? sql`(${savedBusinesses.savedAt}, ${savedBusinesses.businessId}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(savedBusinesses.savedAt), desc(savedBusinesses.businessId))
        .limit(limit);
    },

    /** Of `businessIds`, those `buyerId` saved: the directory's cards say so. */
    async findSavedAmong(buyerId: string, businessIds: string[]): Promise<Set<string>> {
      if (businessIds.length === 0) return new Set();
      const rows = await db
        .select({ businessId: savedBusinesses.businessId })
        .from(savedBusinesses)
        .where(
          and(
            eq(savedBusinesses.buyerId, buyerId),
            inArray(savedBusinesses.businessId, businessIds),
          ),
        );
      return new Set(rows.map((row) => row.businessId));
    },

    /** Everything `buyerId` saved, hidden businesses too, the latest first: the export. */
    async findAllOf(buyerId: string): Promise<{ businessId: string; savedAt: Date }[]> {
      return db
        .select({ businessId: savedBusinesses.businessId, savedAt: savedBusinesses.savedAt })
        .from(savedBusinesses)
        .where(eq(savedBusinesses.buyerId, buyerId))
        .orderBy(desc(savedBusinesses.savedAt), desc(savedBusinesses.businessId));
    },

    /** Every row the account is in, as the client who saved or the business saved. */
    async deleteAllOf(userId: string): Promise<void> {
      await db
        .delete(savedBusinesses)
        .where(or(eq(savedBusinesses.buyerId, userId), eq(savedBusinesses.businessId, userId)));
    },
  };
}

export type SavedRepository = ReturnType<typeof createSavedRepository>;
