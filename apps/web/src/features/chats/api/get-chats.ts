import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatsPageSchema } from '@maya/contracts';
import { apiRequest } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** The signed-in person's chats, most recent first. */
export const getChats = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/chats?limit=100', chatsPageSchema, { signal });

export const chatsQuery = queryOptions({
  queryKey: chatKeys.list(),
  queryFn: ({ signal }) => getChats({ signal }),
});

export const useChats = () => useQuery(chatsQuery);
