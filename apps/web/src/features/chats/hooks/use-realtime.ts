import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@maya/contracts';
import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';
import { chatKeys } from '../api/chat-keys';
import { chatQuery } from '../api/get-chat';
import { chatsQuery } from '../api/get-chats';
import { cacheMessage } from '../api/get-messages';

/**
 * Keeps the chats live: new messages go straight into the cached conversation, receipts and
 * list changes refetch the small chat queries, and each time the socket opens, the first time
 * too, the chats on screen are fetched again: a message sent before it opened (a signed-in page
 * opens it once the browser is idle, after the chat was read) or while it was down sent no event
 * here, and must not stay missing until a reload.
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<Record<string, number>>({});
  const [online, setOnline] = useState(true);

  useEffect(() => {
    const socket = getSocket();
    const refresh = (chatId: string) => {
      void queryClient.invalidateQueries({ queryKey: chatsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: chatQuery(chatId).queryKey });
    };
    const onMessage = ({ chatId, message }: { chatId: string; message: Message }) => {
      cacheMessage(queryClient, chatId, message);
      setTyping((current) => {
        const { [chatId]: _stopped, ...rest } = current;
        return rest;
      });
      refresh(chatId);
    };
    const onRead = ({ chatId }: { chatId: string }) => refresh(chatId);
    const onTyping = ({ chatId }: { chatId: string }) =>
      setTyping((current) => ({ ...current, [chatId]: Date.now() + 3000 }));
    const onConnect = () => {
      setOnline(true);
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    };
    const onDisconnect = () => setOnline(false);
    socket.on('message:new', onMessage);
    socket.on('chat:read', onRead);
    socket.on('typing', onTyping);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('message:new', onMessage);
      socket.off('chat:read', onRead);
      socket.off('typing', onTyping);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    };
  }, [queryClient]);

  // Typing indicators fade by themselves.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      setTyping((current) => {
        const live = Object.entries(current).filter(([, until]) => until > now);
        return live.length === Object.keys(current).length ? current : Object.fromEntries(live);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  return { typingIn: (chatId: string) => (typing[chatId] ?? 0) > Date.now(), online };
}

let lastTypingSent = 0;
/** Tells the partner "typing…" at most every two seconds. */
export function sendTyping(chatId: string) {
  const now = Date.now();
  if (now - lastTypingSent < 2000) return;
  lastTypingSent = now;
  getSocket().emit('typing', { chatId });
}
