import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { signInLinks } from '../../db/schema/index.js';

export function createSignInLinksRepository(db: Database) {
  return {
    /**
     * Stores a new link; the account's older unused links die with it, so only the newest link
     * mailed works. Of links stored side by side, the newest is the one kept.
     */
    async insertLink(values: typeof signInLinks.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(signInLinks).values(values);
        await tx.delete(signInLinks).where(
          and(
            eq(signInLinks.userId, values.userId),
            isNull(signInLinks.usedAt),
            sql`exists (select 1 from ${signInLinks} newer
              where newer.user_id = ${signInLinks.userId} and newer.used_at is null
                and (newer.created_at, newer.id) > (${signInLinks.createdAt}, ${signInLinks.id}))`,
          ),
        );
      });
    },

    /**
     * Marks a live link used and returns its user; a used or expired link yields nothing. The
     * account's other unused links die with it.
     */
    async consumeLink(tokenHash: string, now: Date): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(signInLinks)
          .set({ usedAt: now })
          .where(
            and(
              eq(signInLinks.tokenHash, tokenHash),
              isNull(signInLinks.usedAt),
              gt(signInLinks.expiresAt, now),
            ),
          )
          .returning({ userId: signInLinks.userId });
        if (!row) return undefined;
        await tx
          .delete(signInLinks)
          .where(and(eq(signInLinks.userId, row.userId), isNull(signInLinks.usedAt)));
        return row.userId;
      });
    },

    async deleteUserLinks(userId: string): Promise<void> {
      await db.delete(signInLinks).where(eq(signInLinks.userId, userId));
    },

    /** Links that expired before `before`, used or not, are of no more use. */
    async deleteExpired(before: Date): Promise<void> {
      await db
        .delete(signInLinks)
        .where(or(lt(signInLinks.expiresAt, before), lt(signInLinks.usedAt, before)));
    },
  };
}

export type SignInLinksRepository = ReturnType<typeof createSignInLinksRepository>;
