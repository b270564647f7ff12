import type { FastifyBaseLogger } from 'fastify';
import { chatBlurEventSchema, chatFocusEventSchema, typingEventSchema } from '@maya/contracts';
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
    // The chat this tab shows, kept on the socket (SocketData.openChatId) for presence. A blur
    // that overtakes its focus's membership check wins: `wanted` is the latest wish.
    let wanted: string | undefined;
    handleClientEvent(
      socket,
      'chat:focus',
      chatFocusEventSchema,
      async ({ chatId }) => {
        wanted = chatId;
        await chats.focus(socket.data.actor, chatId);
        if (wanted === chatId) socket.data.openChatId = chatId;
      },
      log,
    );
    handleClientEvent(
      socket,
      'chat:blur',
      chatBlurEventSchema,
      ({ chatId }) => {
        if (wanted === chatId) wanted = undefined;
        if (socket.data.openChatId === chatId) socket.data.openChatId = undefined;
      },
      log,
    );
  });
}
