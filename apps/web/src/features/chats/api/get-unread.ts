import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadChats } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/**
 * How many messages and chats the signed-in person has not read. Unchecked, like the chat list:
 * the badge is on every signed-in screen, which draw without the schemas chunk.
 */
export const getUnread = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiCall<UnreadChats>('/chats/unread', { signal });

export const unreadQuery = queryOptions({
  queryKey: chatKeys.unread(),
  queryFn: ({ signal }) => getUnread({ signal }),
  // Kept live by the socket's events (chat-notifications.tsx), not by polling.
  staleTime: Infinity,
});

export const useUnread = () => useQuery(unreadQuery);
