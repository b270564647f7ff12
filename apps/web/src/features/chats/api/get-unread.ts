import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadChatsSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** How many messages and chats the signed-in person has not read. */
export const getUnread = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/chats/unread', unreadChatsSchema, { signal });

export const unreadQuery = queryOptions({
  queryKey: chatKeys.unread(),
  queryFn: ({ signal }) => getUnread({ signal }),
  // Kept live by the socket's events (chat-notifications.tsx), not by polling.
  staleTime: Infinity,
});

export const useUnread = () => useQuery(unreadQuery);
