import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Message, MessagesPage } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** A page of a chat's messages, newest first, older than `before` when it is given. */
export const getMessages = (
  chatId: string,
  before: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiCall<MessagesPage>(`/chats/${chatId}/messages?limit=50${before ? `&before=${before}` : ''}`, {
    signal,
  });

export const messagesQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => getMessages(chatId, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.id : undefined),
  });

export const useMessages = (chatId: string | undefined) =>
  useInfiniteQuery({ ...messagesQuery(chatId ?? ''), enabled: Boolean(chatId) });

type MessagesData = InfiniteData<MessagesPage, unknown>;

/** Puts a message into the cached conversation once, replacing its optimistic twin. */
export function mergeMessage(
  data: MessagesData | undefined,
  message: Message,
): MessagesData | undefined {
  if (!data) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const exists = data.pages.some((page) => page.items.some((item) => item.id === message.id));
  if (exists) return data;
  const withoutTwin = first.items.filter((item) => item.clientId !== message.clientId);
  const items = [message, ...withoutTwin].sort((a, b) => (a.id < b.id ? 1 : -1));
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** A message that arrived (sent from here, or by the socket) goes into its cached chat. */
export function cacheMessage(queryClient: QueryClient, chatId: string, message: Message): void {
  queryClient.setQueryData(messagesQuery(chatId).queryKey, (data) => mergeMessage(data, message));
}
