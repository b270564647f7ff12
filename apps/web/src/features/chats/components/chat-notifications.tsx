import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatReadEvent, MessageNewEvent, PrivateUser } from '@maya/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { recheckSession } from '../../../lib/session';
import { connectSocket, getSocket } from '../../../lib/socket';
import { browserIdle } from '../../../lib/when-idle';
import { chatKeys } from '../api/chat-keys';
import { chatQuery } from '../api/get-chat';
import { useUnread } from '../api/get-unread';

// The toast on view for each chat: a newer message replaces it, reading the chat closes it.
const toasts = new Map<string, string>();
function closeToast(chatId: string) {
  const id = toasts.get(chatId);
  if (id) toast.dismiss(id);
  toasts.delete(chatId);
}

/**
 * Everywhere while signed in: keeps the unread total live (the layout shows it on "Chats" and in
 * the tab's title), and raises a toast for a message whose chat is not open, which opens it. The
 * total is the server's (`GET /chats/unread`), read again whenever a message arrives, a chat
 * is read on any of the person's tabs or devices, or the socket opens (the page opens it once the
 * browser is idle, so a message may arrive before it does) or opens again after missing events.
 */
export default function ChatNotifications({
  user,
  onUnread,
}: {
  user: PrivateUser;
  onUnread: (messages: number) => void;
}) {
  const { pathname } = useLocation();
  const unread = useUnread().data?.messages ?? 0;

  // The handlers read the open chat through a ref, so the socket is subscribed once.
  const openId = matchPath('/inbox/:chatId', pathname)?.params.chatId;
  const openChatId = useRef(openId);
  useEffect(() => {
    openChatId.current = openId;
    // Opening a chat closes its toast in this tab at once.
    if (openId) closeToast(openId);
  }, [openId]);

  useEffect(() => onUnread(unread), [unread, onUnread]);

  const listen = useSocketListener(user, openChatId);
  useEffect(() => {
    let stopListening: (() => void) | undefined;
    let unmounted = false;
    // Once the browser is idle: making the socket's client and opening it is a few tens of
    // milliseconds on a phone, which would otherwise join the page's first commit in one task.
    void browserIdle(1000).then(() => {
      if (!unmounted) stopListening = listen();
    });
    return () => {
      unmounted = true;
      stopListening?.();
    };
  }, [listen]);

  return null;
}

/** The socket's handlers for the notifications, and a function that removes them. */
function useSocketListener(user: PrivateUser, openChatId: { current: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const socket = getSocket();
    const recount = () => queryClient.invalidateQueries({ queryKey: chatKeys.unread() });

    const onMessage = ({ chatId, message }: MessageNewEvent) => {
      void recount();
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      if (message.senderId === user.id || openChatId.current === chatId) return;
      void queryClient.fetchQuery(chatQuery(chatId)).then(
        ({ chat }) => {
          const name = chat.partner.deleted ? t('chats.deletedUser') : chat.partner.fullName;
          const open = () => {
            closeToast(chatId);
            void navigate(`/inbox/${chatId}`);
          };
          // A render function, so the toast's own props never reach the button's element.
          const content = () => (
            <ButtonBase
              onClick={open}
              sx={{ display: 'block', textAlign: 'left', width: '100%', font: 'inherit' }}
            >
              <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                {t('chats.newMessage', { name })}
              </Typography>
              <Typography component="span" variant="body2" sx={{ display: 'block' }} noWrap>
                {message.deal ? t('chats.dealUpdate') : message.body}
              </Typography>
            </ButtonBase>
          );
          closeToast(chatId);
          toasts.set(chatId, `chat-message-${message.id}`);
          // At the bottom, so it never hides the top bar (and its count) on a phone; it closes
          // by itself after a while, or at once when the chat is read here or anywhere.
          toast.info(content, {
            toastId: `chat-message-${message.id}`,
            icon: false,
            position: 'bottom-right',
            autoClose: 10_000,
          });
        },
        () => undefined, // the badge and the title still count it
      );
    };
    const onRead = ({ chatId, userId }: ChatReadEvent) => {
      if (userId !== user.id) return;
      // Read here or on another tab or device: every tab clears it.
      closeToast(chatId);
      void recount();
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    };
    // Each time the socket opens, the first time too: a message sent before it opened (the page
    // read the total earlier, and opens the socket once the browser is idle) or while it was down
    // sent no event here.
    const onConnect = () => void recount();
    // The server refused the socket's session, or closed the socket (a sign-out anywhere closes
    // the session's sockets): ask who is signed in, and a signed-out answer ends it here too.
    const onRefused = (error: Error) => {
      if (error.message === 'unauthenticated') void recheckSession(queryClient);
    };
    const onClosed = (reason: string) => {
      if (reason === 'io server disconnect') void recheckSession(queryClient);
    };
    socket.on('message:new', onMessage);
    socket.on('chat:read', onRead);
    socket.on('connect', onConnect);
    socket.on('connect_error', onRefused);
    socket.on('disconnect', onClosed);
    // Only now, with every handler listening: a message that arrives the moment the socket
    // opens still gets its toast and its count (a screen that loaded first never opens it).
    connectSocket();
    return () => {
      socket.off('message:new', onMessage);
      socket.off('chat:read', onRead);
      socket.off('connect', onConnect);
      socket.off('connect_error', onRefused);
      socket.off('disconnect', onClosed);
    };
  }, [queryClient, navigate, t, user.id, openChatId]);
}
