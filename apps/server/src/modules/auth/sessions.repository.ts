import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, type SessionRow } from '../../db/schema/index.js';

export function createSessionsRepository(db: Database) {
  return {
    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },

    async findActiveByHash(tokenHash: string, idleSince: Date): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, new Date()),
            gt(sessions.lastSeenAt, idleSince),
          ),
        )
        .limit(1);
      return row;
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
