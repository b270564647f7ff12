import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { blocks } from '../../db/schema/index.js';

/** The blocks between people: who blocked whom, and since when. */
export function createBlocksRepository(db: Database) {
  return {
    /** Blocks `blockedId` for `blockerId`; answers when, the first time or before. */
    async insert(blockerId: string, blockedId: string, at: Date): Promise<Date> {
      const [row] = await db
        .insert(blocks)
        .values({ blockerId, blockedId, createdAt: at })
        .onConflictDoNothing()
        .returning({ createdAt: blocks.createdAt });
      if (row) return row.createdAt;
      const [existing] = await db
        .select({ createdAt: blocks.createdAt })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
      return existing?.createdAt ?? at;
    },

    /** Whether there was a block to remove. */
    async delete(blockerId: string, blockedId: string): Promise<boolean> {
      const removed = await db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .returning({ blockedId: blocks.blockedId });
      return removed.length > 0;
    },

    /** Everyone `blockerId` blocked, newest first. */
    async findBlockedBy(blockerId: string): Promise<{ blockedId: string; createdAt: Date }[]> {
      return db
        .select({ blockedId: blocks.blockedId, createdAt: blocks.createdAt })
        .from(blocks)
        .where(eq(blocks.blockerId, blockerId))
        .orderBy(desc(blocks.createdAt));
    },

    /** Of `others`, those `blockerId` blocked, with when. */
    async findBlockedAmong(blockerId: string, others: string[]): Promise<Map<string, Date>> {
      if (others.length === 0) return new Map();
      const rows = await db
        .select({ blockedId: blocks.blockedId, createdAt: blocks.createdAt })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blockerId), inArray(blocks.blockedId, others)));
      return new Map(rows.map((row) => [row.blockedId, row.createdAt]));
    },

    /** Whether either of the two blocks the other. Read from the database every time, so a block made through any process binds every other at once. */
    async existsBetween(a: string, b: string): Promise<boolean> {
      const [row] = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Every block the person made or received: an account deleted leaves none behind. */
    async deleteAllOf(userId: string): Promise<void> {
      await db.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
