import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  chatResponseSchema,
  chatsPageSchema,
  messagesPageSchema,
  unreadChatsSchema,
  type ChatSummary,
  type MessagesPage,
  type UnreadChats,
} from '@maya/contracts';
import type { SignedUp } from './sessions.js';

/** POST /api/v1/chats as `user`: the answer itself, for tests of its status. */
export function openChat(app: FastifyInstance, user: SignedUp, partnerId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/chats',
    headers: user.headers,
    payload: { partnerId },
  });
}

/** Opens the first chat between two users (201) and answers its id. */
export async function newChat(
  app: FastifyInstance,
  user: SignedUp,
  partner: SignedUp,
): Promise<string> {
  const response = await openChat(app, user, partner.id);
  expect(response.statusCode).toBe(201);
  return chatResponseSchema.parse(response.json()).chat.id;
}

/** POST /api/v1/chats/{id}/messages, with a new client id unless one is given. */
export function send(
  app: FastifyInstance,
  user: SignedUp,
  chatId: string,
  body: string,
  clientId: string = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/chats/${chatId}/messages`,
    headers: user.headers,
    payload: { body, clientId },
  });
}

/** The user's chats, most recently active first (GET /api/v1/chats). */
export async function chatsOf(app: FastifyInstance, user: SignedUp): Promise<ChatSummary[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/chats', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return chatsPageSchema.parse(response.json()).items;
}

/** A page of a chat's messages as the user sees them, newest first; `query` as in the API. */
export async function readMessages(
  app: FastifyInstance,
  user: SignedUp,
  chatId: string,
  query = '',
): Promise<MessagesPage> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/chats/${chatId}/messages${query}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return messagesPageSchema.parse(response.json());
}

/** What the user has not read yet (GET /api/v1/chats/unread). */
export async function unreadOf(app: FastifyInstance, user: SignedUp): Promise<UnreadChats> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/chats/unread',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return unreadChatsSchema.parse(response.json());
}

/** POST /api/v1/chats/{id}/read as `user`, up to `messageId`. */
export function markRead(app: FastifyInstance, user: SignedUp, chatId: string, messageId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/chats/${chatId}/read`,
    headers: user.headers,
    payload: { messageId },
  });
}
