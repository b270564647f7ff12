import { and, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { knownDevices, users } from '../../db/schema/index.js';

export function createKnownDevicesRepository(db: Database) {
  async function findKnown(tokenHashes: string[], account: SQL, since: Date) {
    if (tokenHashes.length === 0) return undefined;
    const [row] = await db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .innerJoin(users, eq(users.id, knownDevices.userId))
      .where(
        and(
          inArray(knownDevices.tokenHash, tokenHashes),
          account,
          isNull(users.deletedAt),
          gt(knownDevices.lastUsedAt, since),
        ),
      )
      .limit(1);
    return row?.tokenHash;
  }

  return {
    /** The one of these device tokens that signed in to this email's account since `since`. */
    findForEmail: (tokenHashes: string[], email: string, since: Date) =>
      findKnown(tokenHashes, sql`lower(${users.email}) = lower(${email})`, since),

    findForUser: (tokenHashes: string[], userId: string, since: Date) =>
      findKnown(tokenHashes, eq(users.id, userId), since),

    /** The browser id of any of these tokens, as it was written with the first of them. */
    async findBrowser(tokenHashes: string[]): Promise<string | undefined> {
      if (tokenHashes.length === 0) return undefined;
      const [row] = await db
        .select({ browserId: knownDevices.browserId })
        .from(knownDevices)
        .where(and(inArray(knownDevices.tokenHash, tokenHashes), isNotNull(knownDevices.browserId)))
        .limit(1);
      return row?.browserId ?? undefined;
    },

    async insertDevice(values: typeof knownDevices.$inferInsert): Promise<void> {
      await db.insert(knownDevices).values(values);
    },

    async touchDevice(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(knownDevices)
        .set({ lastUsedAt: now })
        .where(eq(knownDevices.tokenHash, tokenHash));
    },

    async deleteUserDevices(userId: string): Promise<void> {
      await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
    },

    async deleteUnusedSince(before: Date): Promise<void> {
      await db.delete(knownDevices).where(lt(knownDevices.lastUsedAt, before));
    },
  };
}

export type KnownDevicesRepository = ReturnType<typeof createKnownDevicesRepository>;
