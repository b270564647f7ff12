import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadBody } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { chatsQuery } from './get-chats';

/** Tells the partner the caller has read the chat up to this message. */
export const markRead = (chatId: string, body: MarkReadBody) =>
  apiCall<null>(`/chats/${chatId}/read`, { method: 'POST', body });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, messageId }: { chatId: string; messageId: string }) =>
      markRead(chatId, { messageId }),
    // The unread count in the list changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQuery.queryKey }),
  });
}
