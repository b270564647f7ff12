import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';
import { chatsQuery } from './get-chats';

/** Hides the chat from the caller only; the partner keeps it. */
export const deleteChat = (chatId: string) =>
  apiCall<null>(`/chats/${chatId}`, { method: 'DELETE' });

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (_result, chatId) => {
      queryClient.setQueryData(chatsQuery.queryKey, (data) =>
        data ? { ...data, items: data.items.filter((chat) => chat.id !== chatId) } : data,
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
    },
  });
}
