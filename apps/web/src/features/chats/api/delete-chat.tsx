import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';
import { chatsQuery } from './get-chats';
import { changed, pending } from './pending-deletes';

/** How long "Undo" is offered before the chat is deleted on the server. */
export const UNDO_MS = 8000;

/** Hides the chat from the caller only; the partner keeps it. */
export const deleteChat = (chatId: string, options: { keepalive?: boolean } = {}) =>
  apiCall<null>(`/chats/${chatId}`, { method: 'DELETE', ...options });

// Closing or leaving the page ends the undo: what was deleted is deleted now, by requests that
// outlive the page (keepalive), so the person's choice holds even when the tab goes away.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const [chatId, underWay] of pending) {
      if (underWay) continue;
      // Under way: a page restored from the back-forward cache does not send it again.
      pending.set(chatId, true);
      void deleteChat(chatId, { keepalive: true })
        .catch(() => undefined)
        .finally(() => {
          pending.delete(chatId);
          changed();
        });
    }
  });
}

/**
 * Delete with undo, as mail apps do: the chat leaves the list at once and a toast offers
 * "Undo"; when the toast closes without it (or the page is closed), the chat is deleted.
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  return useCallback(
    (chatId: string) => {
      const id = `chat-deleted-${chatId}`;
      const commit = async () => {
        if (pending.get(chatId) !== false) return; // undone, or already under way
        pending.set(chatId, true);
        try {
          await deleteChat(chatId);
          queryClient.setQueryData(chatsQuery.queryKey, (data) =>
            data ? { ...data, items: data.items.filter((chat) => chat.id !== chatId) } : data,
          );
          queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
        } catch {
          toast.error(t('chats.deleteFailed'));
        } finally {
          pending.delete(chatId);
          changed();
          void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
        }
      };
      const undo = () => {
        if (pending.get(chatId) !== false) return;
        pending.delete(chatId);
        changed();
        toast.dismiss(id);
      };

      pending.set(chatId, false);
      changed();
      toast.info(
        () => (
          <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ flex: 1 }}>{t('chats.deleted')}</span>
            <Button size="small" variant="outlined" onClick={undo}>
              {t('chats.undo')}
            </Button>
          </span>
        ),
        {
          toastId: id,
          position: 'bottom-left',
          autoClose: UNDO_MS,
          closeOnClick: false,
          pauseOnFocusLoss: false,
          icon: false,
          onClose: () => void commit(),
        },
      );
    },
    [queryClient, t],
  );
}
