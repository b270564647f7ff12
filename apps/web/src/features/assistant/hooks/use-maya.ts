import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';

const storageKey = (userId: string) => `maya-chat:${userId}`;

function restore(userId: string | undefined): UIMessage[] {
  if (!userId) return [];
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as UIMessage[]) : [];
  } catch {
    return [];
  }
}

/**
 * A conversation with Maya over the AI SDK's chat transport. For a signed-in person it is kept
 * in this browser, so it survives a reload; visitors start fresh each time.
 */
export function useMaya(userId?: string) {
  const { t } = useTranslation();
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: '/api/v1/assistant/chat',
        credentials: 'same-origin',
        headers: { 'x-requested-with': 'fetch' },
      }),
    [],
  );
  const chat = useChat({
    id: userId ? `maya-${userId}` : undefined,
    transport,
    messages: restore(userId),
    onError: () => toast.error(t('assistant.failed')),
  });

  useEffect(() => {
    if (!userId || chat.status === 'streaming' || chat.status === 'submitted') return;
    localStorage.setItem(storageKey(userId), JSON.stringify(chat.messages.slice(-40)));
  }, [userId, chat.messages, chat.status]);

  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return false;
    void chat.sendMessage({ text: trimmed });
    return true;
  };
  const reset = () => {
    chat.setMessages([]);
    if (userId) localStorage.removeItem(storageKey(userId));
  };
  return { messages: chat.messages, status: chat.status, error: chat.error, busy, send, reset };
}
