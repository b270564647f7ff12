import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailConfirmations } from '../../db/schema/index.js';

export type EmailConfirmationPurpose = (typeof emailConfirmations.$inferSelect)['purpose'];

export function createEmailConfirmationsRepository(db: Database) {
  return {
    async insertConfirmation(values: typeof emailConfirmations.$inferInsert): Promise<void> {
      await db.insert(emailConfirmations).values(values);
    },

    /**
     * Marks a live link used and returns what it confirms; a used or expired link yields nothing.
     */
    async consumeConfirmation(
      tokenHash: string,
      now: Date,
    ): Promise<{ userId: string; email: string; purpose: EmailConfirmationPurpose } | undefined> {
      const [row] = await db
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.tokenHash, tokenHash),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning({
          userId: emailConfirmations.userId,
          email: emailConfirmations.email,
          purpose: emailConfirmations.purpose,
        });
      return row;
    },

    /** The account's unused links, of one purpose or all. */
    async deleteUserConfirmations(
      userId: string,
      purpose?: EmailConfirmationPurpose,
    ): Promise<void> {
      await db
        .delete(emailConfirmations)
        .where(
          and(
            eq(emailConfirmations.userId, userId),
            purpose ? eq(emailConfirmations.purpose, purpose) : undefined,
          ),
        );
    },

    /** Links that expired before `before`, used or not, are of no more use. */
    async deleteExpired(before: Date): Promise<void> {
      await db
        .delete(emailConfirmations)
        .where(or(lt(emailConfirmations.expiresAt, before), lt(emailConfirmations.usedAt, before)));
    },
  };
}

export type EmailConfirmationsRepository = ReturnType<typeof createEmailConfirmationsRepository>;
