import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { signInLinks } from '../../db/schema/index.js';

export function createSignInLinksRepository(db: Database) {
  return {
    async insertLink(values: typeof signInLinks.$inferInsert): Promise<void> {
      await db.insert(signInLinks).values(values);
    },

    /** Marks a live link used and returns its user; a used or expired link yields nothing. */
    async consumeLink(tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
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
      return row?.userId;
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
