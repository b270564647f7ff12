import { useQueryClient } from '@tanstack/react-query';
import type { CounterProposal, Message, SendMessageBody } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { apiRequest } from '../../../lib/api-client';
import { loadContracts } from '../../../lib/contracts';
import { retryWhileLost } from '../../../lib/retry';
import { chatsQuery } from './get-chats';
import { cacheMessage } from './get-messages';

/** A message as the conversation shows it: stored, or still on its way. */
export interface ShownMessage extends Message {
  status: 'sent' | 'sending' | 'failed';
}

/** Stores the message once per client id: a repeated send answers the stored message. */
export const sendMessage = (chatId: string, body: SendMessageBody) =>
  apiRequest(
    `/chats/${chatId}/messages`,
    loadContracts().then((contracts) => contracts.messageResponseSchema),
    { method: 'POST', body },
  );

/**
 * Sends with a client-made id, retrying while the answer is lost: the server stores a clientId
 * once, so a retry never duplicates the message. The answer is the stored message, and the
 * counter card the server proposes when a buyer's words put a price forward.
 */
export async function sendWithRetry(
  chatId: string,
  body: SendMessageBody,
  attempts = 6,
): Promise<{ message: Message; counterProposal?: CounterProposal | undefined }> {
  return retryWhileLost(() => sendMessage(chatId, body), { attempts, maxDelayMs: 8000 });
}

/** The stored messages, then those still on their way that the store does not hold yet. */
export function withPending(stored: Message[], pending: ShownMessage[]): ShownMessage[] {
  return [
    ...stored.map((message) => ({ ...message, status: 'sent' as const })),
    ...pending.filter((item) => !stored.some((message) => message.clientId === item.clientId)),
  ];
}

/**
 * Sends optimistically: a message shows at once as "sending", joins the cached chat when the
 * server acknowledges it, or stays "failed" until `retryFailed` sends it again (same client id).
 * A counter card the answer proposes goes to `onProposal`: nothing moves on the deal until the
 * buyer confirms it.
 */
export function useSendMessage(
  chatId: string,
  senderId: string,
  onProposal?: (proposal: CounterProposal) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ShownMessage[]>([]);

  const deliver = (message: ShownMessage) => {
    setPending((current) => [
      ...current.filter((item) => item.clientId !== message.clientId),
      { ...message, status: 'sending' },
    ]);
    sendWithRetry(chatId, { body: message.body, clientId: message.clientId })
      .then(({ message: saved, counterProposal }) => {
        cacheMessage(queryClient, chatId, saved);
        if (counterProposal) onProposal?.(counterProposal);
        setPending((current) => current.filter((item) => item.clientId !== message.clientId));
        void queryClient.invalidateQueries({ queryKey: chatsQuery.queryKey });
      })
      .catch((error: unknown) => {
        setPending((current) =>
          current.map((item) =>
            item.clientId === message.clientId ? { ...item, status: 'failed' } : item,
          ),
        );
        toast.error(error instanceof Error ? error.message : t('errors.network'));
      });
  };

  const send = (body: string) =>
    deliver({
      id: crypto.randomUUID(),
      chatId,
      senderId,
      body,
      clientId: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
      status: 'sending',
    });

  return {
    pending,
    send,
    retryFailed: () => pending.filter((item) => item.status === 'failed').forEach(deliver),
    sending: pending.some((item) => item.status === 'sending'),
    failed: pending.some((item) => item.status === 'failed'),
  };
}
