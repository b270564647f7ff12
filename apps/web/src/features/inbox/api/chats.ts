import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  chatResponseSchema,
  chatsPageSchema,
  messageResponseSchema,
  messagesPageSchema,
  type ChatsPage,
  type Message,
  type MessagesPage,
} from '@maya/contracts';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const chatsQuery = queryOptions({
  queryKey: ['chats', 'list'],
  queryFn: ({ signal }) => apiRequest('/chats?limit=100', chatsPageSchema, { signal }),
});

export const chatQuery = (chatId: string) =>
  queryOptions({
    queryKey: ['chats', 'one', chatId],
    queryFn: ({ signal }) => apiRequest(`/chats/${chatId}`, chatResponseSchema, { signal }),
  });

export const messagesQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: ['chats', 'messages', chatId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/chats/${chatId}/messages?limit=50${pageParam ? `&before=${pageParam}` : ''}`,
        messagesPageSchema,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.id : undefined),
  });

export const useChats = () => useQuery(chatsQuery);
export const useChat = (chatId: string | undefined) =>
  useQuery({ ...chatQuery(chatId ?? ''), enabled: Boolean(chatId) });
export const useMessages = (chatId: string | undefined) =>
  useInfiniteQuery({ ...messagesQuery(chatId ?? ''), enabled: Boolean(chatId) });

/** A message as the conversation shows it: stored, or still on its way. */
export interface ShownMessage extends Message {
  status: 'sent' | 'sending' | 'failed';
}

type MessagesData = InfiniteData<MessagesPage, string | undefined>;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends with a client-made id and retries with exponential backoff and jitter: the server
 * stores a clientId once, so a retry after a lost answer never duplicates the message.
 */
export async function sendWithRetry(
  chatId: string,
  body: string,
  clientId: string,
  attempts = 6,
): Promise<Message> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { message } = await apiRequest(`/chats/${chatId}/messages`, messageResponseSchema, {
        method: 'POST',
        body: { body, clientId },
      });
      return message;
    } catch (error) {
      const retryable =
        !(error instanceof ApiError) ||
        error.status === 0 ||
        error.status === 429 ||
        error.status >= 500;
      if (!retryable || attempt + 1 >= attempts) throw error;
      await sleep(Math.min(8000, 300 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => apiRequest(`/chats/${chatId}`, z.null(), { method: 'DELETE' }),
    onSuccess: (_result, chatId) => {
      queryClient.setQueryData(chatsQuery.queryKey, (data: ChatsPage | undefined) =>
        data ? { ...data, items: data.items.filter((chat) => chat.id !== chatId) } : data,
      );
      queryClient.removeQueries({ queryKey: ['chats', 'messages', chatId] });
    },
  });
}

export function markRead(chatId: string, messageId: string) {
  return apiRequest(`/chats/${chatId}/read`, z.null(), { method: 'POST', body: { messageId } });
}
