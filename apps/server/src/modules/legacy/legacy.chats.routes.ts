import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legacyChatAnswerSchema,
  legacyChatIdParamsSchema,
  legacyChatsAnswerSchema,
  legacyCreateChatBodySchema,
  legacyDeletedAnswerSchema,
  legacySaveChatBodySchema,
} from '@maya/contracts';
import { localeOfRequest } from '../../lib/i18n/index.js';
import { requireActor } from '../../plugins/auth.js';
import { LEGACY_CHATS_MAX, type LegacyChatsService } from './legacy.chats.service.js';
import { legacyOperation, legacyProblems } from './legacy.openapi.js';

/** The original client's chats: list, open, load or save, delete. */
export const legacyChatsRoutes: FastifyPluginAsyncZod<{ chats: LegacyChatsService }> = async (
  app,
  { chats },
) => {
  app.get(
    '/chats',
    {
      schema: {
        ...legacyOperation(
          `My chats that have a message (old client), most recently active first, at most ${LEGACY_CHATS_MAX}; \`chat\` holds only the latest message (load a chat with PUT /chats/{chatId})`,
        ),
        response: { 200: legacyChatsAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => ({
      data: await chats.list(requireActor(request), localeOfRequest(request)),
    }),
  );

  app.post(
    '/chats',
    {
      schema: {
        ...legacyOperation(
          'Open the chat between a buyer (UserId) and a seller (SellerId), one of them the caller; the same pair always gets the same chat. Messages in `chat` are saved as by PUT /chats/{chatId}',
        ),
        body: legacyCreateChatBodySchema,
        response: { 200: legacyChatAnswerSchema, 201: legacyChatAnswerSchema, ...legacyProblems },
      },
    },
    async (request, reply) => {
      const { chat, created } = await chats.open(
        requireActor(request),
        request.body,
        localeOfRequest(request),
      );
      reply.code(created ? 201 : 200);
      return { data: chat };
    },
  );

  app.put(
    '/chats/:chatId',
    {
      schema: {
        ...legacyOperation(
          'Without `chat`: load one of my chats with its messages. With `chat` (the whole conversation, as the old client saves it): my messages not stored yet are sent, in order; retrying the same save sends nothing twice',
        ),
        params: legacyChatIdParamsSchema,
        body: legacySaveChatBodySchema.nullish(),
        response: { 200: legacyChatAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => ({
      data: await chats.loadOrSave(
        requireActor(request),
        request.params.chatId,
        request.body,
        localeOfRequest(request),
      ),
    }),
  );

  app.delete(
    '/chats/:chatId',
    {
      schema: {
        ...legacyOperation(
          'Delete a chat from my list (old client); the partner keeps it, and a new message brings it back without the old history',
        ),
        params: legacyChatIdParamsSchema,
        response: { 200: legacyDeletedAnswerSchema, ...legacyProblems },
      },
    },
    async (request) => {
      await chats.remove(requireActor(request), request.params.chatId);
      return { data: { _id: request.params.chatId }, message: 'Chat deleted successfully.' };
    },
  );
};
