import { z } from 'zod';
import { idSchema, roleSchema } from './common.js';
import { messageDealSchema } from './deals/deal-events.js';
import { MESSAGE_MAX_LENGTH } from './limits.js';
import { currencySchema } from './services.js';
import type { AccountRestrictedEvent } from './moderation.js';
import { multiLineText, singleLineText } from './text.js';

// Plain data in a file of its own, so the chat screen uses it without loading the schemas.
export { MESSAGE_MAX_LENGTH };

export const messageSchema = z
  .object({
    id: idSchema,
    chatId: idSchema,
    senderId: idSchema,
    body: z.string(),
    clientId: z.string(),
    createdAt: z.iso.datetime(),
    deal: messageDealSchema
      .optional()
      .describe(
        'Present when the message records a move of a deal (its `body` is then empty): the deal, the event and the terms it names, for the reader to draw as a card.',
      ),
    byAssistant: z
      .literal(true)
      .optional()
      .describe(
        'Present when Maya (AI) wrote it for the sender, a business she answers quote requests for; its words say so too.',
      ),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const chatPartnerSchema = z
  .object({
    id: idSchema,
    role: roleSchema,
    fullName: z.string(),
    thumbnailUrl: z.string().nullable(),
    deleted: z.boolean(),
  })
  .meta({ id: 'ChatPartner' });
export type ChatPartner = z.infer<typeof chatPartnerSchema>;

export const chatSummarySchema = z
  .object({
    id: idSchema,
    partner: chatPartnerSchema,
    lastMessage: messageSchema.nullable(),
    unreadCount: z.number().int().min(0),
    /** The newest message the partner has read, for read receipts. */
    partnerLastReadMessageId: idSchema.nullable(),
    createdAt: z.iso.datetime(),
    /** When the caller blocked the partner (nothing crosses it either way); null when not. */
    blockedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatSummary' });
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatIdParamsSchema = z.object({ id: idSchema });

export const openChatBodySchema = z.object({ partnerId: idSchema }).meta({ id: 'OpenChatBody' });
export type OpenChatBody = z.infer<typeof openChatBodySchema>;

export const chatResponseSchema = z.object({ chat: chatSummarySchema });

export const chatsPageSchema = z
  .object({ items: z.array(chatSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ChatsPage' });
export type ChatsPage = z.infer<typeof chatsPageSchema>;
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const findChatsQuerySchema = z.object({
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

export const findMessagesQuerySchema = z
  .object({
    before: idSchema.optional(),
    after: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => !(query.before && query.after), {
    error: 'Use either before or after, not both.',
    path: ['after'],
  });
export type FindMessagesQuery = z.infer<typeof findMessagesQuerySchema>;

/** Newest first; `hasMore` says whether older messages exist before the last item. */
export const messagesPageSchema = z
  .object({ items: z.array(messageSchema), hasMore: z.boolean() })
  .meta({ id: 'MessagesPage' });
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const sendMessageBodySchema = z
  .object({
    body: multiLineText()
      .min(1, { error: 'Please enter a message' })
      .max(MESSAGE_MAX_LENGTH, { error: `Keep messages under ${MESSAGE_MAX_LENGTH} characters.` }),
    clientId: singleLineText({ trim: false })
      .min(8)
      .max(64)
      .regex(/^[\w-]+$/),
  })
  .meta({ id: 'SendMessageBody' });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/**
 * A counter card the server proposes when a buyer's words put a price forward ("I'll pay 50",
 * "que tal 45?") while the business's offer stands in the chat: nothing is sent until the buyer
 * confirms it as a counter (`POST /deals/{dealId}/actions`, `counter` on `version`).
 */
export const counterProposalSchema = z
  .object({
    dealId: idSchema,
    version: z.number().int().min(1).describe('The business’s standing version to counter.'),
    price: z.object({
      amount: z.number().int().min(1).describe('Minor units, VAT included.'),
      currency: currencySchema,
    }),
  })
  .meta({ id: 'CounterProposal' });
export type CounterProposal = z.infer<typeof counterProposalSchema>;

export const messageResponseSchema = z.object({
  message: messageSchema,
  counterProposal: counterProposalSchema
    .optional()
    .describe(
      'Present when the buyer’s words name a price below the business’s standing offer in this chat: a counter card to propose, not sent.',
    ),
});

export const markReadBodySchema = z.object({ messageId: idSchema }).meta({ id: 'MarkReadBody' });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** What the caller has not read yet, over every chat of their list (hidden history excluded). */
export const unreadChatsSchema = z
  .object({
    /** Messages from partners after the caller's read marker. */
    messages: z.number().int().min(0),
    /** Chats holding at least one of them. */
    chats: z.number().int().min(0),
  })
  .meta({ id: 'UnreadChats' });
export type UnreadChats = z.infer<typeof unreadChatsSchema>;

/** `message:new`, to both members' rooms once the message is committed. */
export const messageNewEventSchema = z
  .object({ chatId: idSchema, message: messageSchema })
  .meta({ id: 'MessageNewEvent' });
export type MessageNewEvent = z.infer<typeof messageNewEventSchema>;

/**
 * `chat:read`, to both members' rooms after `userId`'s read marker moved forward: the partner
 * shows a receipt, the reader's other tabs and devices clear the chat's unread count.
 */
export const chatReadEventSchema = z
  .object({ chatId: idSchema, userId: idSchema, messageId: idSchema })
  .meta({ id: 'ChatReadEvent' });
export type ChatReadEvent = z.infer<typeof chatReadEventSchema>;

/** Socket.IO events, server to client. */
export interface ServerToClientEvents {
  'message:new': (payload: MessageNewEvent) => void;
  'chat:read': (payload: ChatReadEvent) => void;
  typing: (payload: { chatId: string; userId: string }) => void;
  'account:restricted': (payload: AccountRestrictedEvent) => void;
}

export const typingEventSchema = z.object({ chatId: idSchema });

/**
 * `chat:focus`: this tab shows the chat, on a visible page. Until `chat:blur` of that chat (or the
 * socket's end), mail about the chat's new messages is not sent: the person sees them arrive.
 * A chat the caller is not a member of is refused (`NOT_FOUND` in the ack) and changes nothing.
 */
export const chatFocusEventSchema = z.object({ chatId: idSchema });
export type ChatFocusEvent = z.infer<typeof chatFocusEventSchema>;

/** `chat:blur`: this tab no longer shows the chat (another page, or the page is hidden). */
export const chatBlurEventSchema = z.object({ chatId: idSchema });
export type ChatBlurEvent = z.infer<typeof chatBlurEventSchema>;

/** Socket.IO events, client to server. Sending a message stays a REST call (durable, idempotent). */
export interface ClientToServerEvents {
  typing: (payload: { chatId: string }) => void;
  'chat:focus': (payload: ChatFocusEvent, ack?: (answer: unknown) => void) => void;
  'chat:blur': (payload: ChatBlurEvent, ack?: (answer: unknown) => void) => void;
}
