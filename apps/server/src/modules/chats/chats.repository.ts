import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import type { TimeIdCursor } from '../../lib/cursor.js';
import {
  chatMembers,
  chats,
  messages,
  type ChatMemberRow,
  type ChatRow,
  type MessageRow as StoredMessageRow,
} from '../../db/schema/index.js';

/**
 * A message as stored: its words, or, for a deal's move, its deal and event (the deals module
 * describes them: `ChatsServiceOptions.dealMoves`).
 */
type MessageRow = StoredMessageRow;

export interface ChatListRow {
  chat: ChatRow;
  member: ChatMemberRow;
  partnerId: string;
  partnerLastReadMessageId: string | null;
  lastMessage: MessageRow | null;
  unreadCount: number;
}

interface RawChatListRow {
  id: string;
  buyer_id: string;
  seller_id: string;
  created_at: Date | string;
  last_message_at: Date | string | null;
  hidden_at: Date | string | null;
  last_read_message_id: string | null;
  partner_id: string;
  partner_last_read_message_id: string | null;
  message_id: string | null;
  message_sender_id: string | null;
  message_body: string | null;
  message_client_id: string | null;
  message_created_at: Date | string | null;
  message_deal_id: string | null;
  message_deal_event: StoredMessageRow['dealEvent'];
  message_by_assistant: boolean | null;
  unread_count: number;
}

interface RawMessageRow {
  id: string;
  chat_id: string;
  sender_id: string;
  body: string;
  client_id: string;
  created_at: Date | string;
  by_assistant: boolean;
}

type NewMessage = Pick<MessageRow, 'id' | 'chatId' | 'senderId' | 'body' | 'clientId'> &
  Partial<Pick<MessageRow, 'byAssistant'>>;
/** A typed message: words only. */
const WORDS_ONLY = { dealId: null, dealEvent: null } as const;
export interface InsertedMessage {
  message: MessageRow;
  created: boolean;
}

/** Rolls a batch back when one of its client ids belongs to another chat. */
class ClientIdTaken extends Error {
  constructor(readonly clientId: string) {
    super('client id taken');
  }
}

/**
 * The insert and the chat's last activity in one statement (a data-modifying CTE): atomic
 * without an explicit transaction, and one round trip instead of four (BEGIN, INSERT, UPDATE,
 * COMMIT) on the hottest write. A retry with the same (sender, clientId) inserts nothing and
 * reads the stored message.
 */
async function insertOne(db: Database, values: NewMessage): Promise<InsertedMessage> {
  const [inserted] = await selectRows<RawMessageRow>(
    db,
    sql`
    with inserted as (
      insert into ${messages} (id, chat_id, sender_id, body, client_id, by_assistant)
      values (${values.id}, ${values.chatId}, ${values.senderId}, ${values.body},
              ${values.clientId}, ${values.byAssistant ?? false})
      on conflict (sender_id, client_id) do nothing
      returning id, chat_id, sender_id, body, client_id, created_at, by_assistant
    ), touched as (
      update ${chats} set last_message_at = inserted.created_at
      from inserted where ${chats}.id = inserted.chat_id
    )
    select * from inserted
  `,
  );
  if (inserted) {
    return {
      message: {
        id: inserted.id,
        chatId: inserted.chat_id,
        senderId: inserted.sender_id,
        body: inserted.body,
        clientId: inserted.client_id,
        createdAt: toDate(inserted.created_at),
        byAssistant: inserted.by_assistant,
        ...WORDS_ONLY,
      },
      created: true,
    };
  }
  const [existing] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, values.senderId), eq(messages.clientId, values.clientId)));
  return { message: existing!, created: false };
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: Date | string | null) => (value === null ? null : toDate(value));

export function createChatsRepository(db: Database) {
  /** One query for a page of a member's chats, with partner, last message and unread count. */
  async function selectChatList(
    userId: string,
    filter: SQL,
    limit: number,
  ): Promise<ChatListRow[]> {
    const rows = await selectRows<RawChatListRow>(
      db,
      sql`
      select c.id, c.buyer_id, c.seller_id, c.created_at, c.last_message_at,
             m.hidden_at, m.last_read_message_id,
             pm.user_id as partner_id, pm.last_read_message_id as partner_last_read_message_id,
             lm.id as message_id, lm.sender_id as message_sender_id, lm.body as message_body,
             lm.client_id as message_client_id, lm.created_at as message_created_at,
             lm.deal_id as message_deal_id, lm.deal_event as message_deal_event,
             lm.by_assistant as message_by_assistant,
             (select count(*)::int from ${messages} u
               where u.chat_id = c.id and u.sender_id <> ${userId}
                 and (m.last_read_message_id is null or u.id > m.last_read_message_id)
                 and (m.hidden_at is null or u.created_at > m.hidden_at)) as unread_count
      from ${chatMembers} m
      join ${chats} c on c.id = m.chat_id
      join ${chatMembers} pm on pm.chat_id = c.id and pm.user_id <> m.user_id
      left join lateral (
        select * from ${messages} x
        where x.chat_id = c.id and (m.hidden_at is null or x.created_at > m.hidden_at)
        order by x.id desc limit 1
      ) lm on true
      where m.user_id = ${userId} and ${filter}
      order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
      limit ${limit}
    `,
    );
    return rows.map((row) => ({
      chat: {
        id: row.id,
        buyerId: row.buyer_id,
        sellerId: row.seller_id,
        createdAt: toDate(row.created_at),
        lastMessageAt: toDateOrNull(row.last_message_at),
      },
      member: {
        chatId: row.id,
        userId,
        hiddenAt: toDateOrNull(row.hidden_at),
        lastReadMessageId: row.last_read_message_id,
      },
      partnerId: row.partner_id,
      partnerLastReadMessageId: row.partner_last_read_message_id,
      lastMessage: row.message_id
        ? {
            id: row.message_id,
            chatId: row.id,
            senderId: row.message_sender_id!,
            body: row.message_body!,
            clientId: row.message_client_id!,
            createdAt: toDate(row.message_created_at!),
            dealId: row.message_deal_id,
            dealEvent: row.message_deal_event,
            byAssistant: row.message_by_assistant ?? false,
          }
        : null,
      unreadCount: Number(row.unread_count),
    }));
  }

  return {
    /** Creates the chat of a pair and both memberships, or finds the existing one. */
    async getOrCreateChat(values: { id: string; buyerId: string; sellerId: string }) {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(chats)
          .values(values)
          .onConflictDoNothing({ target: [chats.buyerId, chats.sellerId] })
          .returning();
        if (inserted) {
          await tx.insert(chatMembers).values([
            { chatId: inserted.id, userId: values.buyerId },
            { chatId: inserted.id, userId: values.sellerId },
          ]);
          return { chat: inserted, created: true };
        }
        const [existing] = await tx
          .select()
          .from(chats)
          .where(and(eq(chats.buyerId, values.buyerId), eq(chats.sellerId, values.sellerId)));
        return { chat: existing!, created: false };
      });
    },

    async findChatByPair(pair: { buyerId: string; sellerId: string }) {
      const [chat] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.buyerId, pair.buyerId), eq(chats.sellerId, pair.sellerId)));
      return chat;
    },

    async findMembership(chatId: string, userId: string) {
      const [row] = await db
        .select({ chat: chats, member: chatMembers })
        .from(chatMembers)
        .innerJoin(chats, eq(chats.id, chatMembers.chatId))
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)))
        .limit(1);
      return row;
    },

    async findChatList(
      userId: string,
      options: { limit: number; after?: TimeIdCursor },
    ): Promise<ChatListRow[]> {
      const conditions = [
        sql`(m.hidden_at is null or c.last_message_at > m.hidden_at)`,
        // Listed for either member only once somebody has written in it: "Chat Now" without a
        // word leaves nothing in anyone's list, and the empty chat still opens by its id.
        sql`c.last_message_at is not null`,
      ];
      if (options.after) {
        const activeAt = options.after.at.toISOString();
        conditions.push(
          sql`(coalesce(c.last_message_at, c.created_at), c.id) < (${activeAt}::timestamptz, ${options.after.id}::uuid)`,
        );
      }
      return selectChatList(userId, sql.join(conditions, sql` and `), options.limit);
    },

    async findChatListEntry(userId: string, chatId: string): Promise<ChatListRow | undefined> {
      const [row] = await selectChatList(userId, sql`c.id = ${chatId}`, 1);
      return row;
    },

    /**
     * Messages from partners after the member's read marker and after what they hid, and the
     * chats holding them: the same rule as each list entry's unread count, summed.
     */
    async countUnread(userId: string): Promise<{ messages: number; chats: number }> {
      const [row] = await selectRows<{ messages: number; chats: number }>(
        db,
        sql`
        select count(*)::int as messages, count(distinct u.chat_id)::int as chats
        from ${chatMembers} m
        join ${messages} u on u.chat_id = m.chat_id
        where m.user_id = ${userId} and u.sender_id <> ${userId}
          and (m.last_read_message_id is null or u.id > m.last_read_message_id)
          and (m.hidden_at is null or u.created_at > m.hidden_at)
      `,
      );
      return { messages: Number(row?.messages ?? 0), chats: Number(row?.chats ?? 0) };
    },

    async hideChat(chatId: string, userId: string, at: Date): Promise<void> {
      await db
        .update(chatMembers)
        .set({ hiddenAt: at })
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
    },

    /**
     * Inserts a message unless this sender already sent one with this client id; either way the
     * stored message comes back, so a retried send is answered with the original.
     */
    insertMessage: (values: NewMessage) => insertOne(db, values),

    /**
     * Several messages in one transaction, in order, each as insertMessage would. All or
     * nothing: when a client id was already used in another chat, nothing is stored and that
     * client id is answered instead.
     */
    async insertMessages(
      values: NewMessage[],
    ): Promise<{ inserted: InsertedMessage[] } | { takenClientId: string }> {
      try {
        const inserted = await db.transaction(async (tx) => {
          const results: InsertedMessage[] = [];
          for (const value of values) {
            const result = await insertOne(tx, value);
            if (result.message.chatId !== value.chatId) throw new ClientIdTaken(value.clientId);
            results.push(result);
          }
          return results;
        });
        return { inserted };
      } catch (error) {
        if (error instanceof ClientIdTaken) return { takenClientId: error.clientId };
        throw error;
      }
    },

    async findMessages(
      chatId: string,
      options: { visibleAfter: Date | null; before?: string; after?: string; limit: number },
    ): Promise<MessageRow[]> {
      const conditions = [eq(messages.chatId, chatId)];
      if (options.visibleAfter) conditions.push(gt(messages.createdAt, options.visibleAfter));
      if (options.before) conditions.push(lt(messages.id, options.before));
      if (options.after) conditions.push(gt(messages.id, options.after));
      return db
        .select()
        .from(messages)
        .where(and(...conditions))
        .orderBy(options.after ? asc(messages.id) : desc(messages.id))
        .limit(options.limit);
    },

    async findMessageInChat(chatId: string, messageId: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.id, messageId)))
        .limit(1);
      return row;
    },

    /** Moves the read marker forward only; an older receipt arriving late changes nothing. */
    async markRead(chatId: string, userId: string, messageId: string): Promise<boolean> {
      const updated = await db
        .update(chatMembers)
        .set({ lastReadMessageId: messageId })
        .where(
          and(
            eq(chatMembers.chatId, chatId),
            eq(chatMembers.userId, userId),
            sql`(${chatMembers.lastReadMessageId} is null or ${chatMembers.lastReadMessageId} < ${messageId})`,
          ),
        )
        .returning({ chatId: chatMembers.chatId });
      return updated.length > 0;
    },

    async findUserChats(userId: string) {
      return db
        .select({ chat: chats })
        .from(chatMembers)
        .innerJoin(chats, eq(chats.id, chatMembers.chatId))
        .where(eq(chatMembers.userId, userId));
    },

    async findAllMessagesOfChats(chatIds: string[]): Promise<MessageRow[]> {
      if (chatIds.length === 0) return [];
      return db
        .select()
        .from(messages)
        .where(sql`${messages.chatId} in ${chatIds}`)
        .orderBy(asc(messages.id));
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
