import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatResponse } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

export const getChat = (chatId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiCall<ChatResponse>(`/chats/${chatId}`, { signal });

export const chatQuery = (chatId: string) =>
  queryOptions({
    queryKey: chatKeys.one(chatId),
    queryFn: ({ signal }) => getChat(chatId, { signal }),
  });

export const useChat = (chatId: string | undefined) =>
  useQuery({ ...chatQuery(chatId ?? ''), enabled: Boolean(chatId) });
