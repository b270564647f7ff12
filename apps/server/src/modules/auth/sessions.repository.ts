import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, users, type SessionRow } from '../../db/schema/index.js';

export function createSessionsRepository(db: Database) {
  return {
    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },

    /**
     * A live session with its account's role, in one round trip: every authenticated request
     * starts here. A deleted account's sessions never resolve.
     */
    async findActiveByHash(
      tokenHash: string,
      idleSince: Date,
    ): Promise<(SessionRow & { role: 'buyer' | 'seller' }) | undefined> {
      const [row] = await db
        .select({ session: sessions, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, new Date()),
            gt(sessions.lastSeenAt, idleSince),
            isNull(users.deletedAt),
          ),
        )
        .limit(1);
      return row ? { ...row.session, role: row.role } : undefined;
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of a user, or every one but `keepId`. */
    async deleteUserSessions(userId: string, keepId?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          keepId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
            : eq(sessions.userId, userId),
        );
    },

    async deleteExpired(idleSince: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleSince)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
