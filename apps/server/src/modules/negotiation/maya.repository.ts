import { and, asc, eq, gte, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  mayaLog,
  mayaNegotiations,
  reports,
  users,
  type MayaLogRow,
  type MayaNegotiationRow,
  type MayaStopReason,
} from '../../db/schema/index.js';

export type { MayaLogRow, MayaNegotiationRow, MayaStopReason };

/** The negotiations Maya answers for businesses, and her log of each step. */
export function createMayaRepository(db: Database) {
  return {
    /**
     * Maya's negotiation of a deal, made active when a buyer's move first calls her in; an
     * existing one is answered as it is (a handed-over negotiation stays handed over).
     */
    async begin(row: {
      dealId: string;
      businessId: string;
      buyerId: string;
      chatId: string;
      serviceId: string | null;
      at: Date;
    }): Promise<MayaNegotiationRow> {
      const { at, ...fields } = row;
      await db
        .insert(mayaNegotiations)
        .values({ ...fields, startedAt: at })
        .onConflictDoNothing({ target: mayaNegotiations.dealId });
      return (await this.find(row.dealId))!;
    },

    async find(dealId: string): Promise<MayaNegotiationRow | undefined> {
      const [row] = await db
        .select()
        .from(mayaNegotiations)
        .where(eq(mayaNegotiations.dealId, dealId))
        .limit(1);
      return row;
    },

    /** The negotiations Maya still answers in a chat. */
    activeInChat(chatId: string): Promise<MayaNegotiationRow[]> {
      return db
        .select()
        .from(mayaNegotiations)
        .where(and(eq(mayaNegotiations.chatId, chatId), eq(mayaNegotiations.status, 'active')));
    },

    /**
     * Ends Maya's part in a negotiation, once: true for the call that ended it (handed over with
     * its reason, or closed), false when it had already ended.
     */
    async end(
      dealId: string,
      status: 'handed_over' | 'closed',
      reason: MayaStopReason | null,
      at: Date,
    ): Promise<boolean> {
      const ended = await db
        .update(mayaNegotiations)
        .set({ status, stopReason: reason, endedAt: at })
        .where(and(eq(mayaNegotiations.dealId, dealId), eq(mayaNegotiations.status, 'active')))
        .returning({ dealId: mayaNegotiations.dealId });
      return ended.length > 0;
    },

    /**
     * Whether Maya already negotiated with this buyer for this service of the business since
     * `since` in another deal (one in which she took a step).
     */
    async negotiatedBefore(row: {
      dealId: string;
      businessId: string;
      buyerId: string;
      serviceId: string | null;
      since: Date;
    }): Promise<boolean> {
      const [found] = await db
        .select({ dealId: mayaNegotiations.dealId })
        .from(mayaNegotiations)
        .where(
          and(
            eq(mayaNegotiations.businessId, row.businessId),
            eq(mayaNegotiations.buyerId, row.buyerId),
            row.serviceId === null
              ? sql`${mayaNegotiations.serviceId} is null`
              : eq(mayaNegotiations.serviceId, row.serviceId),
            gte(mayaNegotiations.startedAt, row.since),
            ne(mayaNegotiations.dealId, row.dealId),
            sql`exists (select 1 from ${mayaLog} where ${mayaLog.dealId} = ${mayaNegotiations.dealId})`,
          ),
        )
        .limit(1);
      return found !== undefined;
    },

    /** Whether the account has a confirmed email address. */
    /** Whether an open report stands between the two, made by either about the other. */
    async reportedBetween(buyerId: string, businessId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.status, 'open'),
            or(
              and(eq(reports.reporterId, buyerId), eq(reports.subjectUserId, businessId)),
              and(eq(reports.reporterId, businessId), eq(reports.subjectUserId, buyerId)),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async hasConfirmedEmail(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
        .limit(1);
      return row !== undefined;
    },

    async log(row: Omit<MayaLogRow, 'at'> & { at: Date }): Promise<void> {
      await db.insert(mayaLog).values(row);
    },

    /** Maya's log of a deal, oldest first. */
    logOf(dealId: string): Promise<MayaLogRow[]> {
      return db
        .select()
        .from(mayaLog)
        .where(eq(mayaLog.dealId, dealId))
        .orderBy(asc(mayaLog.at), asc(mayaLog.id));
    },
  };
}

export type MayaRepository = ReturnType<typeof createMayaRepository>;
