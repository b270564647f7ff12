import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { DealEvent, DealStatus } from '@maya/contracts';
import type { Database } from '../../db/client.js';
import {
  chats,
  deals,
  dealVersions,
  messages,
  services,
  type DealRow,
  type DealVersionRow,
  type MessageRow,
} from '../../db/schema/index.js';
import type { TimeIdCursor } from '../../lib/cursor.js';

export type { DealRow, DealVersionRow };

/** A deal's row with its versions, oldest first, and the name of the service its request named. */
export interface DealRecord {
  deal: DealRow;
  versions: DealVersionRow[];
  serviceName: string | null;
}

/** The chat message a move wrote. */
export type MoveMessageRow = MessageRow;

export type NewDeal = Omit<DealRow, 'createdAt' | 'updatedAt'> & { at: Date };
export type DealFields = Omit<DealRow, 'id' | 'chatId' | 'buyerId' | 'sellerId' | 'createdAt'>;

export function createDealsRepository(db: Database) {
  return {
    ...dealQueries(db),
    /** Runs `work` in one transaction; the queries it gets run in it. */
    transaction<T>(work: (queries: DealQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(dealQueries(tx as unknown as Database)));
    },
  };
}
export type DealsRepository = ReturnType<typeof createDealsRepository>;
export type DealQueries = ReturnType<typeof dealQueries>;

function dealQueries(db: Database) {
  async function versionsOf(dealIds: string[]): Promise<Map<string, DealVersionRow[]>> {
    const byDeal = new Map<string, DealVersionRow[]>(dealIds.map((id) => [id, []]));
    if (dealIds.length === 0) return byDeal;
    const rows = await db
      .select()
      .from(dealVersions)
      .where(inArray(dealVersions.dealId, dealIds))
      .orderBy(asc(dealVersions.dealId), asc(dealVersions.number));
    for (const row of rows) byDeal.get(row.dealId)?.push(row);
    return byDeal;
  }

  async function serviceNamesOf(serviceIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(serviceIds)];
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(inArray(services.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async function withVersions(rows: DealRow[]): Promise<DealRecord[]> {
    const [versions, names] = await Promise.all([
      versionsOf(rows.map((row) => row.id)),
      serviceNamesOf(rows.flatMap((row) => (row.serviceId ? [row.serviceId] : []))),
    ]);
    return rows.map((deal) => ({
      deal,
      versions: versions.get(deal.id) ?? [],
      serviceName: (deal.serviceId && names.get(deal.serviceId)) || null,
    }));
  }

  return {
    async findById(id: string): Promise<DealRecord | undefined> {
      const [deal] = await db.select().from(deals).where(eq(deals.id, id)).limit(1);
      return deal ? (await withVersions([deal]))[0] : undefined;
    },

    /** A deal's two people, or undefined: the one read a move needs before its transaction. */
    async findPair(id: string): Promise<{ buyerId: string; sellerId: string } | undefined> {
      const [pair] = await db
        .select({ buyerId: deals.buyerId, sellerId: deals.sellerId })
        .from(deals)
        .where(eq(deals.id, id))
        .limit(1);
      return pair;
    },

    /** Several deals at once, in no particular order; ids that name none are left out. */
    async findByIds(ids: string[]): Promise<DealRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(deals)
        .where(inArray(deals.id, [...new Set(ids)]));
      return withVersions(rows);
    },

    /** Those of `ids` that `userId` is a party to, in one read; the others are left out. */
    async findByIdsOf(userId: string, ids: string[]): Promise<DealRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(deals)
        .where(
          and(
            inArray(deals.id, [...new Set(ids)]),
            or(eq(deals.buyerId, userId), eq(deals.sellerId, userId)),
          ),
        );
      return withVersions(rows);
    },

    /**
     * The deal, its row locked until the transaction ends: a move waits for the one before it
     * and then reads what that one wrote.
     */
    async lockById(id: string): Promise<DealRecord | undefined> {
      const [deal] = await db.select().from(deals).where(eq(deals.id, id)).for('update').limit(1);
      return deal ? (await withVersions([deal]))[0] : undefined;
    },

    /** The message `senderId` sent with `clientId`, whatever it is (a move's or typed words). */
    async findMessageByClientId(
      senderId: string,
      clientId: string,
    ): Promise<MoveMessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
        .limit(1);
      return row;
    },

    /**
     * The deals `userId` is a party to, most recently moved first, after the cursor; with
     * `statuses`, only those whose stored status is one of them.
     */
    async findForUser(
      userId: string,
      page: { after?: TimeIdCursor; limit: number; statuses?: readonly DealStatus[] },
    ): Promise<DealRecord[]> {
      const rows = await db
        .select()
        .from(deals)
        .where(
          and(
            or(eq(deals.buyerId, userId), eq(deals.sellerId, userId)),
            page.statuses ? inArray(deals.status, [...page.statuses]) : undefined,
            page.after
              ? or(
                  lt(deals.updatedAt, page.after.at),
                  and(eq(deals.updatedAt, page.after.at), lt(deals.id, page.after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(deals.updatedAt), desc(deals.id))
        .limit(page.limit);
      return withVersions(rows);
    },

    /** The buyer's negotiations in one chat with one of `statuses`, most recently moved first. */
    async findInChat(
      chatId: string,
      buyerId: string,
      statuses: readonly DealStatus[],
    ): Promise<DealRecord[]> {
      const rows = await db
        .select()
        .from(deals)
        .where(
          and(
            eq(deals.chatId, chatId),
            eq(deals.buyerId, buyerId),
            inArray(deals.status, [...statuses]),
          ),
        )
        .orderBy(desc(deals.updatedAt), desc(deals.id))
        .limit(5);
      return withVersions(rows);
    },

    /** Every deal `userId` is a party to, oldest first (the export; the account's deletion). */
    async findAllForUser(userId: string): Promise<DealRecord[]> {
      const rows = await db
        .select()
        .from(deals)
        .where(or(eq(deals.buyerId, userId), eq(deals.sellerId, userId)))
        .orderBy(asc(deals.createdAt), asc(deals.id));
      return withVersions(rows);
    },

    /** Whether `serviceId` is one of the business's services. */
    async isServiceOf(serviceId: string, businessId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, serviceId), eq(services.userId, businessId)))
        .limit(1);
      return row !== undefined;
    },

    async insertDeal({ at, ...row }: NewDeal): Promise<DealRow> {
      const [inserted] = await db
        .insert(deals)
        .values({ ...row, createdAt: at, updatedAt: at })
        .returning();
      return inserted!;
    },

    async updateDeal(id: string, fields: DealFields): Promise<DealRow> {
      const [updated] = await db.update(deals).set(fields).where(eq(deals.id, id)).returning();
      return updated!;
    },

    async insertVersion(row: DealVersionRow): Promise<void> {
      await db.insert(dealVersions).values(row);
    },

    /**
     * The move's message in the pair's chat, and the chat's last activity. Undefined when the
     * sender already used `clientId` (a retry raced this one, or another message took it).
     */
    async insertMoveMessage(values: {
      id: string;
      chatId: string;
      senderId: string;
      clientId: string;
      dealId: string;
      event: DealEvent;
      at: Date;
      /** Maya (AI) made the move for the business. */
      byAssistant?: boolean;
    }): Promise<MoveMessageRow | undefined> {
      const [inserted] = await db
        .insert(messages)
        .values({
          id: values.id,
          chatId: values.chatId,
          senderId: values.senderId,
          body: '',
          clientId: values.clientId,
          createdAt: values.at,
          dealId: values.dealId,
          dealEvent: values.event,
          byAssistant: values.byAssistant ?? false,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
        .returning();
      if (!inserted) return undefined;
      await db.update(chats).set({ lastMessageAt: values.at }).where(eq(chats.id, values.chatId));
      return inserted;
    },
  };
}
