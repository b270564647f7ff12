import type { FastifyBaseLogger } from 'fastify';
import { typingEventSchema } from '@maya/contracts';
import { handleClientEvent, type RealtimeServer } from '../../plugins/realtime.js';
import type { ChatsService } from './chats.service.js';

/**
 * Client events are validated like any request. A bad or foreign one changes nothing; a client
 * that sent an ack gets the problem in it.
 */
export function registerChatSocketHandlers(
  io: RealtimeServer,
  chats: ChatsService,
  log: FastifyBaseLogger,
): void {
  io.on('connection', (socket) => {
    handleClientEvent(
      socket,
      'typing',
      typingEventSchema,
      ({ chatId }) => chats.typing(socket.data.actor, chatId),
      log,
    );
  });
}
