import { createHash } from 'node:crypto';
import type { ChatSummary, LegacyChat, Message, SendMessageBody } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { locales, type Locale } from '../../lib/i18n/index.js';
import type { Hold } from '../../lib/throttle.js';
import type { AccountService } from '../account/account.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import { dealEventLine, type DealNames } from '../deals/deal-words.js';
import { chatNames, toLegacyChat, type ContentOf } from './legacy.mapping.js';

/** How many messages a load answers with at most (the newest ones). */
export const LEGACY_LOAD_MAX = 5000;
const PAGE = 100;

export interface IncomingMessage {
  content: string;
  isUser: boolean;
}

/**
 * The original client saves a chat by sending the whole conversation back. Here that becomes
 * "send the caller's messages that are not stored yet", through the chats service, so membership,
 * message rules, throttling, idempotency and real-time events are those of /api/v1.
 *
 * - Only the caller's own messages are considered (`isUser` true for a buyer, false for a
 *   seller); what the partner said is never written on their behalf.
 * - A deal's move is a message with no words, which a load shows as one line in the reader's
 *   language (`legacyContent`); a save that sends that line back, in any language the server
 *   writes, matches the move and sends nothing.
 * - The caller's messages in the body are matched in order against the caller's stored,
 *   visible messages by content; those without a match are new and are appended, in order.
 *   Stored messages are never edited or removed by a save.
 * - Each new message gets a clientId derived from the chat, what precedes it (the caller's last
 *   stored message, then the client id before it in the save) and the content, so a retried or
 *   concurrent identical save finds the same ids and the (sender, clientId) uniqueness of the
 *   chats service turns it into no-op.
 * - A save is all or nothing: every new message is taken from the send budget at once before
 *   any is written (so two saves side by side cannot both fit), they are written in one
 *   transaction, and what was not written is given back (chats.sendMessages).
 */
/** A message's text for the original client: its words, or a deal's move as a line. */
export function legacyContent(names: DealNames, locale: Locale): ContentOf {
  return (message) => (message.deal ? dealEventLine(message.deal, names, locale) : message.body);
}

export function createLegacyConversations(chats: ChatsService, account: AccountService) {
  /** The caller's visible messages, oldest first. */
  async function visibleMessages(actor: Actor, chatId: string): Promise<Message[]> {
    const newestFirst: Message[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await chats.findMessages(actor, chatId, { limit: PAGE, before });
      newestFirst.push(...page.items);
      const last = page.items.at(-1);
      if (!page.hasMore || !last || newestFirst.length >= LEGACY_LOAD_MAX) break;
      before = last.id;
    }
    return newestFirst.slice(0, LEGACY_LOAD_MAX).reverse();
  }

  function clientIdFor(chatId: string, previous: string, content: string): string {
    const digest = createHash('sha256').update(`${chatId}\n${previous}\n${content}`).digest('hex');
    return `legacy-${digest.slice(0, 40)}`;
  }

  /** The caller's messages of `incoming` that have no stored counterpart, in order. */
  function unsaved(stored: Message[], incoming: IncomingMessage[], actor: Actor, names: DealNames) {
    const ownStored = stored.filter((message) => message.senderId === actor.userId);
    const ownIncoming = incoming.filter((message) => message.isUser === (actor.role === 'buyer'));
    // What each stored message may come back as: its words, or its move's line in any language.
    const shownAs = ownStored.map(
      (message) => new Set(locales.map((locale) => legacyContent(names, locale)(message))),
    );
    const fresh: string[] = [];
    let next = 0;
    for (const message of ownIncoming) {
      let match = -1;
      for (let index = next; index < ownStored.length; index += 1) {
        if (shownAs[index]!.has(message.content)) {
          match = index;
          break;
        }
      }
      if (match === -1) fresh.push(message.content);
      else next = match + 1;
    }
    return { fresh, lastOwn: ownStored.at(-1) };
  }

  /** What a save of `incoming` would send, in order, with the client ids described above. */
  async function unsavedMessages(
    actor: Actor,
    summary: ChatSummary,
    incoming: IncomingMessage[],
  ): Promise<SendMessageBody[]> {
    if (incoming.length === 0) return [];
    const stored = await visibleMessages(actor, summary.id);
    const me = await account.getPrivateUser(actor.userId);
    const { fresh, lastOwn } = unsaved(
      stored,
      incoming,
      actor,
      chatNames(actor, me.fullName, summary),
    );
    // Before the caller's first visible message, the chain starts at the first visible
    // message of the conversation, or at the moment of the last message when none is visible
    // (after a delete), so a fresh start never reuses an id of the hidden history.
    let previous = lastOwn?.id ?? `start:${stored[0]?.id ?? `empty:${summary.updatedAt}`}`;
    return fresh.map((content) => {
      const clientId = clientIdFor(summary.id, previous, content);
      previous = clientId;
      return { body: content, clientId };
    });
  }

  /** `held`: budget already taken for this save, which sendMessages resizes or gives back. */
  async function save(
    actor: Actor,
    chatId: string,
    incoming: IncomingMessage[],
    held?: Hold,
  ): Promise<void> {
    let inputs: SendMessageBody[];
    try {
      inputs = await unsavedMessages(actor, await chats.getChat(actor, chatId), incoming);
    } catch (error) {
      await held?.resize(0);
      throw error;
    }
    await chats.sendMessages(actor, chatId, inputs, held);
  }

  return {
    visibleMessages,

    /** The whole chat as the original client loads it, a deal's moves as lines in `locale`. */
    async load(
      actor: Actor,
      chatId: string,
      locale: Locale,
      projectId: string | null = null,
    ): Promise<LegacyChat> {
      const summary = await chats.getChat(actor, chatId);
      const messages = await visibleMessages(actor, chatId);
      const me = await account.getPrivateUser(actor.userId);
      const content = legacyContent(chatNames(actor, me.fullName, summary), locale);
      return toLegacyChat(actor, me.fullName, summary, messages, projectId, content);
    },

    /** Appends what is new in a whole-conversation save; see the comment above. */
    save,

    /**
     * Opens the chat with `partnerId` (POST /chats) and saves `incoming` in it. The save's
     * messages are taken from the send budget before the chat is opened, so a save it cannot
     * hold creates nothing at all, and the save then spends what was taken.
     */
    async open(
      actor: Actor,
      partnerId: string,
      incoming: IncomingMessage[] | undefined,
    ): Promise<{ chatId: string; created: boolean }> {
      let held: Hold | undefined;
      if (incoming?.length) {
        const existing = await chats.findChatWith(actor, partnerId);
        const sending = existing
          ? (await unsavedMessages(actor, await chats.getChat(actor, existing), incoming)).length
          : incoming.filter((message) => message.isUser === (actor.role === 'buyer')).length;
        held = await chats.holdSendBudget(actor, sending);
      }
      const { chat, created } = await chats.openChat(actor, partnerId).catch(async (error) => {
        await held?.resize(0);
        throw error;
      });
      if (incoming) await save(actor, chat.id, incoming, held);
      return { chatId: chat.id, created };
    },
  };
}

export type LegacyConversations = ReturnType<typeof createLegacyConversations>;
