import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';

/**
 * Tells the server that this tab shows the chat on a visible page (`chat:focus`), and when it no
 * longer does (`chat:blur`: another page, or the page hidden), so mail about the chat waits only
 * while the person watches its messages arrive. The server keeps it per socket, so it is said
 * again after every reconnect.
 */
export function useChatFocus(chatId: string): void {
  useEffect(() => {
    const socket = getSocket();
    let focused = false;
    const report = () => {
      if (!socket.connected) {
        focused = false;
        return;
      }
      const visible = document.visibilityState === 'visible';
      if (visible && !focused) socket.emit('chat:focus', { chatId });
      else if (!visible && focused) socket.emit('chat:blur', { chatId });
      focused = visible;
    };
    const onConnect = () => {
      focused = false;
      report();
    };
    report();
    socket.on('connect', onConnect);
    document.addEventListener('visibilitychange', report);
    return () => {
      socket.off('connect', onConnect);
      document.removeEventListener('visibilitychange', report);
      if (focused && socket.connected) socket.emit('chat:blur', { chatId });
    };
  }, [chatId]);
}
