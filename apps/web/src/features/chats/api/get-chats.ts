import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatsPage } from '@maya/contracts';
import { useCallback } from 'react';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';
import { usePendingDeletes } from './pending-deletes';

/** The signed-in person's chats, most recent first. */
export const getChats = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<ChatsPage>('/chats?limit=100', { signal });

export const chatsQuery = queryOptions({
  queryKey: chatKeys.list(),
  queryFn: ({ signal }) => getChats({ signal }),
});

/** The list, without the chats whose deletion is waiting for its undo to expire. */
export function useChats() {
  const hidden = usePendingDeletes();
  const select = useCallback(
    (page: ChatsPage) =>
      hidden.size === 0
        ? page
        : { ...page, items: page.items.filter((chat) => !hidden.has(chat.id)) },
    [hidden],
  );
  return useQuery({ ...chatsQuery, select });
}
