import type { LegacyChat, LegacyCreateChatBody, LegacySaveChatBody } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { Locale } from '../../lib/i18n/index.js';
import type { AccountService } from '../account/account.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import { legacyContent, type LegacyConversations } from './legacy.conversations.js';
import { chatNames, chatSides, toLegacyChat } from './legacy.mapping.js';

/** The most chats GET /chats answers with (the most recently active ones). */
export const LEGACY_CHATS_MAX = 1000;
const PAGE = 100;

export interface LegacyChatsServiceDependencies {
  chats: ChatsService;
  account: AccountService;
  conversations: LegacyConversations;
}

/**
 * The original client's chat calls (/chats…) over the chats service: its chats are ours, seen
 * from the caller, and a whole-conversation save becomes sends (legacy.conversations.ts).
 */
export function createLegacyChatsService({
  chats,
  account,
  conversations,
}: LegacyChatsServiceDependencies) {
  return {
    /**
     * My chats that have a message, most recently active first; each holds only its latest one
     * (a deal's move as a line in `locale`).
     */
    async list(actor: Actor, locale: Locale): Promise<LegacyChat[]> {
      const me = await account.getPrivateUser(actor.userId);
      const data: LegacyChat[] = [];
      let cursor: string | undefined;
      do {
        const page = await chats.findChats(actor, { limit: PAGE, cursor });
        for (const summary of page.items) {
          const latest = summary.lastMessage ? [summary.lastMessage] : [];
          const content = legacyContent(chatNames(actor, me.fullName, summary), locale);
          data.push(toLegacyChat(actor, me.fullName, summary, latest, null, content));
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor && data.length < LEGACY_CHATS_MAX);
      return data;
    },

    /**
     * POST /chats: the one chat of a buyer (UserId) and a seller (SellerId), one of them the
     * caller, with the messages of `chat` saved in it.
     */
    async open(
      actor: Actor,
      body: LegacyCreateChatBody,
      locale: Locale,
    ): Promise<{ chat: LegacyChat; created: boolean }> {
      const self = actor.role === 'buyer' ? body.UserId : body.SellerId;
      if (self !== undefined && self !== actor.userId) {
        throw new AppError(
          'FORBIDDEN',
          `You can only open chats as yourself: ${actor.role === 'buyer' ? 'UserId' : 'SellerId'} must be your id.`,
        );
      }
      const partnerField = actor.role === 'buyer' ? 'SellerId' : 'UserId';
      const partnerId = body[partnerField];
      if (!partnerId) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Chats connect a client with a business: say who the chat is with.',
          { [partnerField]: 'Required' },
        );
      }
      const { chatId, created } = await conversations.open(actor, partnerId, body.chat);
      return {
        chat: await conversations.load(actor, chatId, locale, body.projectId ?? null),
        created,
      };
    },

    /** PUT /chats/{id}: loads the chat, after saving `chat` (the whole conversation) when sent. */
    async loadOrSave(
      actor: Actor,
      chatId: string,
      body: LegacySaveChatBody | null | undefined,
      locale: Locale,
    ): Promise<LegacyChat> {
      if (body?.chat) {
        if (body.SellerId !== undefined) {
          const summary = await chats.getChat(actor, chatId);
          if (chatSides(actor, summary).sellerId !== body.SellerId) {
            throw new AppError('VALIDATION_FAILED', 'SellerId is not the seller of this chat.', {
              SellerId: 'Does not match the chat',
            });
          }
        }
        await conversations.save(actor, chatId, body.chat);
      }
      return conversations.load(actor, chatId, locale);
    },

    /** Hides the chat from my list; the partner keeps it. */
    remove: (actor: Actor, chatId: string) => chats.deleteChat(actor, chatId),
  };
}

export type LegacyChatsService = ReturnType<typeof createLegacyChatsService>;
