import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatsPage } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** The signed-in person's chats, most recent first. */
export const getChats = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<ChatsPage>('/chats?limit=100', { signal });

export const chatsQuery = queryOptions({
  queryKey: chatKeys.list(),
  queryFn: ({ signal }) => getChats({ signal }),
});

export const useChats = () => useQuery(chatsQuery);
