import { typingEventSchema } from '@maya/contracts';
import type { RealtimeServer } from '../../plugins/realtime.js';
import type { ChatsService } from './chats.service.js';

/** Client events are validated like any request; a bad or foreign one is dropped silently. */
export function registerChatSocketHandlers(io: RealtimeServer, chats: ChatsService): void {
  io.on('connection', (socket) => {
    socket.on('typing', (payload) => {
      const parsed = typingEventSchema.safeParse(payload);
      if (!parsed.success) return;
      chats.typing(socket.data.actor, parsed.data.chatId).catch(() => undefined);
    });
  });
}
