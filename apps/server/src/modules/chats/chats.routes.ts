import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatIdParamsSchema,
  type CounterProposal,
  chatResponseSchema,
  chatsPageSchema,
  findChatsQuerySchema,
  findMessagesQuerySchema,
  markReadBodySchema,
  messageResponseSchema,
  messagesPageSchema,
  openChatBodySchema,
  sendMessageBodySchema,
  unreadChatsSchema,
} from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { Actor } from '../../lib/actor.js';
import type { ChatsService } from './chats.service.js';

export const chatsRoutes: FastifyPluginAsyncZod<{
  chats: ChatsService;
  /** A counter card to propose for a buyer's words that put a price forward (the deals'). */
  counterProposalFor?: (
    actor: Actor,
    chatId: string,
    text: string,
  ) => Promise<CounterProposal | null>;
}> = async (app, { chats, counterProposalFor }) => {
  app.get(
    '/chats',
    {
      schema: {
        tags: ['chats'],
        summary: 'My chats that have a message, most recently active first',
        querystring: findChatsQuerySchema,
        response: { 200: chatsPageSchema, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => chats.findChats(requireActor(request), request.query),
  );

  app.get(
    '/chats/unread',
    {
      schema: {
        tags: ['chats'],
        summary: 'How many messages and chats I have not read, for badges and the tab title',
        response: { 200: unreadChatsSchema, ...problems(401, 403, 429) },
      },
    },
    async (request) => chats.countUnread(requireActor(request)),
  );

  app.post(
    '/chats',
    {
      schema: {
        tags: ['chats'],
        summary: 'Open the one chat with a user of the other role, creating it if needed',
        body: openChatBodySchema,
        response: {
          200: chatResponseSchema,
          201: chatResponseSchema,
          ...problems(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { chat, created } = await chats.openChat(requireActor(request), request.body.partnerId);
      reply.code(created ? 201 : 200);
      return { chat };
    },
  );

  app.get(
    '/chats/:id',
    {
      schema: {
        tags: ['chats'],
        summary: 'One of my chats',
        params: chatIdParamsSchema,
        response: { 200: chatResponseSchema, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ chat: await chats.getChat(requireActor(request), request.params.id) }),
  );

  app.delete(
    '/chats/:id',
    {
      schema: {
        tags: ['chats'],
        summary: 'Hide a chat from my list; the partner keeps it, a new message brings it back',
        params: chatIdParamsSchema,
        response: { 204: z.null(), ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await chats.deleteChat(requireActor(request), request.params.id);
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/chats/:id/messages',
    {
      schema: {
        tags: ['chats'],
        summary: 'Messages, newest first; older with `before`, missed ones with `after`',
        params: chatIdParamsSchema,
        querystring: findMessagesQuerySchema,
        response: { 200: messagesPageSchema, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => chats.findMessages(requireActor(request), request.params.id, request.query),
  );

  app.post(
    '/chats/:id/messages',
    {
      schema: {
        tags: ['chats'],
        summary: 'Send a message; the same clientId again returns the stored message',
        params: chatIdParamsSchema,
        body: sendMessageBodySchema,
        response: {
          200: messageResponseSchema,
          201: messageResponseSchema,
          ...problems(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { message, created } = await chats.sendMessage(actor, request.params.id, request.body);
      reply.code(created ? 201 : 200);
      // Only a proposal: the message is sent whatever it finds, and a failure to look is no error.
      const counterProposal = await counterProposalFor?.(actor, message.chatId, message.body).catch(
        (error: unknown) => {
          request.log.warn({ err: error }, 'no counter proposal');
          return null;
        },
      );
      return counterProposal ? { message, counterProposal } : { message };
    },
  );

  app.post(
    '/chats/:id/read',
    {
      schema: {
        tags: ['chats'],
        summary: 'Mark messages up to this one as read; the partner is told in real time',
        params: chatIdParamsSchema,
        body: markReadBodySchema,
        response: { 204: z.null(), ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await chats.markRead(requireActor(request), request.params.id, request.body.messageId);
      reply.code(204);
      return null;
    },
  );
};
