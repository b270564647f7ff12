import type {
  ChatSummary,
  ChatsPage,
  FindMessagesQuery,
  Message,
  MessageDeal,
  MessagesPage,
  SendMessageBody,
  UnreadChats,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/cursor.js';
import type { EventBus } from '../../lib/events.js';
import type { LimiterStore } from '../../lib/limiter.js';
import { createThrottle, type Hold } from '../../lib/throttle.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { ChatListRow, ChatsRepository } from './chats.repository.js';
import { chatPair } from './chats.policy.js';

type MessageRow = NonNullable<ChatListRow['lastMessage']>;

/** A stored message as the API answers it; a deal's move carries what `deal` describes. */
export function toMessage(row: MessageRow, deal?: MessageDeal): Message {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    body: row.body,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    ...(deal && { deal }),
    ...(row.byAssistant && { byAssistant: true as const }),
  };
}

/** What the deals module tells of the messages that record its moves, by message id. */
export type DealMovesReader = (rows: MessageRow[]) => Promise<Map<string, MessageDeal>>;

const partnerOf = (chat: { buyerId: string; sellerId: string }, userId: string) =>
  chat.buyerId === userId ? chat.sellerId : chat.buyerId;

export interface ChatsServiceOptions {
  repository: ChatsRepository;
  directory: DirectoryService;
  events: EventBus;
  /** Blocks between people (modules/blocks): nothing crosses one, either way. */
  blocks: Pick<BlocksService, 'isBlockedBetween' | 'blockedAmong'>;
  /** Messages one user may send per minute. */
  messagesPerMinute?: number;
  /** Where the send and typing budgets are counted (memory unless several processes share them). */
  limiterStore?: LimiterStore;
  /**
   * Describes the messages that record a deal's move (their deal, event and terms), passed in by
   * app.ts from the deals module, which is built after chats. Without it they carry no `deal`.
   */
  dealMoves?: DealMovesReader;
  /** Told of each new message after it is committed (the unread-message mail). */
  onMessageCreated?: (created: {
    chatId: string;
    recipientId: string;
    senderId: string;
    /** The words stored, in order (a typed message's; a batch's each). */
    bodies: string[];
    /** Maya (AI) wrote them for the sender (`sendMessage`'s option): not the sender in person. */
    byAssistant: boolean;
    /** How many were stored together, and how they came: the v1 API or the old client's save. */
    count: number;
    transport: 'v1' | 'legacy';
  }) => void;
}

export function createChatsService({
  repository,
  directory,
  events,
  blocks,
  messagesPerMinute = 60,
  limiterStore,
  dealMoves,
  onMessageCreated,
}: ChatsServiceOptions) {
  /** Stored messages as the API answers them, the deals' moves described in one read. */
  async function toMessages(rows: MessageRow[]): Promise<Message[]> {
    const moves = rows.some((row) => row.dealId) && dealMoves ? await dealMoves(rows) : undefined;
    return rows.map((row) => toMessage(row, moves?.get(row.id)));
  }

  const sendThrottle = createThrottle({
    name: 'chat-send',
    store: limiterStore,
    max: messagesPerMinute,
    windowMs: 60_000,
    message: 'You are sending messages too fast. Please wait {seconds} s.',
  });
  const typingThrottle = createThrottle({
    name: 'chat-typing',
    store: limiterStore,
    max: 30,
    windowMs: 10_000,
    message: 'Too many typing events.',
    remembersRefusals: true,
  });

  /** The caller's membership, or NOT_FOUND: a chat that is not yours does not exist for you. */
  async function requireMembership(actor: Actor, chatId: string) {
    const membership = await repository.findMembership(chatId, actor.userId);
    if (!membership) throw new AppError('NOT_FOUND', 'This chat does not exist.');
    pairs.set(chatId, { buyerId: membership.chat.buyerId, sellerId: membership.chat.sellerId });
    return membership;
  }

  // A chat's two members never change (deleting a chat only hides it for one of them), so the
  // pair is kept after the first look and sends, typing and receipts skip that query.
  const pairs = new Map<string, { buyerId: string; sellerId: string }>();
  async function requirePair(actor: Actor, chatId: string) {
    const known = pairs.get(chatId);
    if (known && (known.buyerId === actor.userId || known.sellerId === actor.userId)) {
      return known;
    }
    const { chat } = await requireMembership(actor, chatId);
    if (pairs.size > 50_000) pairs.delete(pairs.keys().next().value!);
    return { buyerId: chat.buyerId, sellerId: chat.sellerId };
  }

  /**
   * Refuses a send between two people when either blocked the other, in words that do not say
   * which (or that it is a block). Read fresh each time, so a block made through any process
   * binds this one at once.
   */
  async function refuseAcrossBlock(pair: { buyerId: string; sellerId: string }) {
    if (await blocks.isBlockedBetween(pair.buyerId, pair.sellerId)) {
      throw new AppError('CONVERSATION_CLOSED', {
        key: 'errors:chats.closed',
      });
    }
  }

  async function toSummaries(actor: Actor, rows: ChatListRow[]): Promise<ChatSummary[]> {
    const partnerIds = rows.map((row) => row.partnerId);
    const lastMessages = rows.flatMap((row) => (row.lastMessage ? [row.lastMessage] : []));
    const [partners, blocked, described] = await Promise.all([
      directory.findChatPartners(partnerIds),
      blocks.blockedAmong(actor.userId, partnerIds),
      toMessages(lastMessages),
    ]);
    const lastById = new Map(described.map((message) => [message.id, message]));
    return rows.map((row) => ({
      id: row.chat.id,
      partner: partners.get(row.partnerId) ?? {
        id: row.partnerId,
        role: row.chat.buyerId === row.partnerId ? 'buyer' : 'seller',
        fullName: 'Deleted user',
        thumbnailUrl: null,
        deleted: true,
      },
      lastMessage: row.lastMessage ? lastById.get(row.lastMessage.id)! : null,
      unreadCount: row.unreadCount,
      partnerLastReadMessageId: row.partnerLastReadMessageId,
      blockedAt: blocked.get(row.partnerId)?.toISOString() ?? null,
      createdAt: row.chat.createdAt.toISOString(),
      updatedAt: (row.chat.lastMessageAt ?? row.chat.createdAt).toISOString(),
    }));
  }

  /** The buyer and seller of a chat between the caller and `partnerId`, or why there is none. */
  async function pairWith(actor: Actor, partnerId: string) {
    const partnerRole = await directory.getActiveRole(partnerId);
    const pair = chatPair(actor, { id: partnerId, role: partnerRole });
    if (!pair) {
      throw new AppError(
        'FORBIDDEN',
        actor.userId === partnerId
          ? 'You cannot start a chat with yourself.'
          : 'Chats connect a client with a business.',
      );
    }
    return pair;
  }

  function refuseOverMinute(count: number): void {
    if (count > messagesPerMinute) {
      throw new AppError(
        'RATE_LIMITED',
        `At most ${messagesPerMinute} messages can be sent a minute; this holds ${count} new ones. Send fewer at once.`,
      );
    }
  }

  /**
   * Takes `count` messages from the caller's minute, all at once, before anything is written, or
   * refuses them all (RATE_LIMITED). What the writing then does not store is given back.
   */
  async function holdSendBudget(actor: Actor, count: number): Promise<Hold> {
    refuseOverMinute(count);
    return sendThrottle.take(`user:${actor.userId}`, count);
  }

  async function getSummary(actor: Actor, chatId: string): Promise<ChatSummary> {
    const row = await repository.findChatListEntry(actor.userId, chatId);
    if (!row) throw new AppError('NOT_FOUND', 'This chat does not exist.');
    const [summary] = await toSummaries(actor, [row]);
    return summary!;
  }

  return {
    /** Get-or-create the one chat between the caller and a user of the other role. */
    async openChat(
      actor: Actor,
      partnerId: string,
    ): Promise<{ chat: ChatSummary; created: boolean }> {
      const pair = await pairWith(actor, partnerId);
      // An existing chat opens (its history, and the blocker's Unblock); none starts across a block.
      const existing = await repository.findChatByPair(pair);
      if (existing) return { chat: await getSummary(actor, existing.id), created: false };
      if (await blocks.isBlockedBetween(pair.buyerId, pair.sellerId)) {
        throw new AppError('CONVERSATION_CLOSED', { key: 'errors:chats.cannotStart' });
      }
      const { chat, created } = await repository.getOrCreateChat({ id: uuidv7(), ...pair });
      return { chat: await getSummary(actor, chat.id), created };
    },

    /** The id of the chat openChat would answer, or null while it does not exist yet. */
    async findChatWith(actor: Actor, partnerId: string): Promise<string | null> {
      const pair = await pairWith(actor, partnerId);
      return (await repository.findChatByPair(pair))?.id ?? null;
    },

    holdSendBudget,

    getChat: async (actor: Actor, chatId: string) => {
      await requireMembership(actor, chatId);
      return getSummary(actor, chatId);
    },

    async findChats(actor: Actor, query: { cursor?: string; limit: number }): Promise<ChatsPage> {
      const after = query.cursor ? decodeTimeIdCursor(query.cursor) : undefined;
      const rows = await repository.findChatList(actor.userId, {
        limit: query.limit + 1,
        after,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await toSummaries(actor, page),
        nextCursor:
          rows.length > query.limit && last
            ? encodeTimeIdCursor(last.chat.lastMessageAt ?? last.chat.createdAt, last.chat.id)
            : null,
      };
    },

    /** The caller's own unread messages; nobody can ask for another person's. */
    async countUnread(actor: Actor): Promise<UnreadChats> {
      return repository.countUnread(actor.userId);
    },

    /** Hides the chat and its history from the caller only; a new message brings the chat back. */
    async deleteChat(actor: Actor, chatId: string): Promise<void> {
      await requireMembership(actor, chatId);
      await repository.hideChat(chatId, actor.userId, new Date());
    },

    async findMessages(
      actor: Actor,
      chatId: string,
      query: FindMessagesQuery,
    ): Promise<MessagesPage> {
      const { member } = await requireMembership(actor, chatId);
      const rows = await repository.findMessages(chatId, {
        visibleAfter: member.hiddenAt,
        before: query.before,
        after: query.after,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      // `after` reads forward (oldest first) so nothing is skipped; answers are always newest first.
      if (query.after) page.reverse();
      return { items: await toMessages(page), hasMore: rows.length > query.limit };
    },

    /**
     * Idempotent by (sender, clientId): a retry returns the stored message and emits nothing
     * new. The message is taken from the send budget before the insert and given back when
     * nothing was stored (a retry, a refusal, a failure). The event goes out only after the
     * insert committed.
     */
    async sendMessage(
      actor: Actor,
      chatId: string,
      input: SendMessageBody,
      options: {
        /** Maya (AI) writes it for the sender, a business she answers for (modules/negotiation). */
        byAssistant?: boolean;
      } = {},
    ): Promise<{ message: Message; created: boolean }> {
      const chat = await requirePair(actor, chatId);
      await refuseAcrossBlock(chat);
      // Maya's words come one per deal move or stop, which have limits of their own: they never
      // spend the business's own sending budget.
      const hold = options.byAssistant ? undefined : await holdSendBudget(actor, 1);
      const { message, created } = await repository
        .insertMessage({
          id: uuidv7(),
          chatId,
          senderId: actor.userId,
          body: input.body,
          clientId: input.clientId,
          byAssistant: options.byAssistant ?? false,
        })
        .catch(async (error: unknown) => {
          await hold?.resize(0);
          throw error;
        });
      if (!created) await hold?.resize(0);
      if (message.chatId !== chatId) {
        throw new AppError('CONFLICT', 'This client id was already used for another chat.', {
          clientId: 'Already used',
        });
      }
      const answer = toMessage(message);
      if (created) {
        events.toUsers([chat.buyerId, chat.sellerId], 'message:new', { chatId, message: answer });
        onMessageCreated?.({
          chatId,
          recipientId: partnerOf(chat, actor.userId),
          senderId: actor.userId,
          bodies: [message.body],
          byAssistant: message.byAssistant,
          count: 1,
          transport: 'v1',
        });
      }
      return { message: answer, created };
    },

    /**
     * Several messages at once, all or nothing (the old client's whole-conversation save): all
     * of them are taken from the minute's send budget at once before anything is written (or
     * none, with RATE_LIMITED), and they are stored in one transaction, each idempotent by
     * client id as in sendMessage; what was not stored is given back. `held` is budget the
     * caller already took for this save (holdSendBudget), resized to what it brings. Events go
     * out, in order, once the transaction has committed.
     */
    async sendMessages(
      actor: Actor,
      chatId: string,
      inputs: SendMessageBody[],
      held?: Hold,
    ): Promise<{ message: Message; created: boolean }[]> {
      let hold = held;
      try {
        const chat = await requirePair(actor, chatId);
        await refuseAcrossBlock(chat);
        if (inputs.length === 0) {
          await hold?.resize(0);
          return [];
        }
        refuseOverMinute(inputs.length);
        if (hold) await hold.resize(inputs.length);
        else hold = await holdSendBudget(actor, inputs.length);
        const result = await repository.insertMessages(
          inputs.map((input) => ({
            id: uuidv7(),
            chatId,
            senderId: actor.userId,
            body: input.body,
            clientId: input.clientId,
          })),
        );
        if ('takenClientId' in result) {
          throw new AppError('CONFLICT', 'This client id was already used for another chat.', {
            clientId: 'Already used',
          });
        }
        const answers = result.inserted.map(({ message, created }) => ({
          message: toMessage(message),
          created,
        }));
        const created = answers.filter((answer) => answer.created);
        await hold.resize(created.length);
        // Paid for what was stored: nothing after this gives it back.
        hold = undefined;
        for (const { message } of created) {
          events.toUsers([chat.buyerId, chat.sellerId], 'message:new', { chatId, message });
        }
        if (created.length > 0) {
          onMessageCreated?.({
            chatId,
            recipientId: partnerOf(chat, actor.userId),
            senderId: actor.userId,
            bodies: created.map(({ message }) => message.body),
            byAssistant: false,
            count: created.length,
            transport: 'legacy',
          });
        }
        return answers;
      } catch (error) {
        await hold?.resize(0);
        throw error;
      }
    },

    async markRead(actor: Actor, chatId: string, messageId: string): Promise<void> {
      const chat = await requirePair(actor, chatId);
      const message = await repository.findMessageInChat(chatId, messageId);
      if (!message) throw new AppError('NOT_FOUND', 'This message does not exist in this chat.');
      const moved = await repository.markRead(chatId, actor.userId, messageId);
      if (moved) {
        // The reader's own screens clear the chat; across a block the partner learns nothing.
        const partnerId = partnerOf(chat, actor.userId);
        const crossesBlock = await blocks.isBlockedBetween(actor.userId, partnerId);
        events.toUsers(crossesBlock ? [actor.userId] : [chat.buyerId, chat.sellerId], 'chat:read', {
          chatId,
          userId: actor.userId,
          messageId,
        });
      }
    },

    /** A tab shows the chat (presence): only a member may say so. */
    async focus(actor: Actor, chatId: string): Promise<void> {
      await requirePair(actor, chatId);
    },

    /**
     * Relays a typing signal to the partner while the caller's budget holds it (30 per 10 s);
     * the rest are dropped (RATE_LIMITED in the ack). A signal counts before membership is
     * checked, so signals for foreign chats are limited too.
     */
    async typing(actor: Actor, chatId: string): Promise<void> {
      await typingThrottle.take(`user:${actor.userId}`);
      const chat = await requirePair(actor, chatId);
      const partnerId = chat.buyerId === actor.userId ? chat.sellerId : chat.buyerId;
      // Dropped across a block, as if the partner were away: the ack says nothing of it.
      if (await blocks.isBlockedBetween(actor.userId, partnerId)) return;
      events.toUsers([partnerId], 'typing', { chatId, userId: actor.userId });
    },

    /** Everything of the caller's conversations, for the data export. */
    async exportChats(actor: Actor) {
      const rows = await repository.findUserChats(actor.userId);
      const all = await toMessages(
        await repository.findAllMessagesOfChats(rows.map((row) => row.chat.id)),
      );
      return rows.map(({ chat }) => ({
        id: chat.id,
        buyerId: chat.buyerId,
        sellerId: chat.sellerId,
        createdAt: chat.createdAt.toISOString(),
        messages: all.filter((message) => message.chatId === chat.id),
      }));
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
