import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type ChatStatus, type UIMessage } from 'ai';
import { useEffect, useMemo, useState } from 'react';

/** What the conversation is now, as the AI SDK's chat has it. */
export type MayaChatState = { messages: UIMessage[]; status: ChatStatus; error: Error | undefined };

/** What the conversation asks of the engine once it is ready. */
export type MayaEngineApi = {
  sendMessage: (message: UIMessage | { text: string }) => Promise<void>;
  setMessages: (messages: UIMessage[]) => void;
};

/**
 * What the engine needs of the conversation it drives (hooks/maya-conversation.ts): where its
 * chat starts, where its chat goes, and how it reports a failure and offers its commands.
 */
export type MayaEngineHost = {
  messages: () => UIMessage[];
  mirror: (state: MayaChatState) => void;
  attach: (api: MayaEngineApi) => () => void;
  failed: () => void;
};

/**
 * The AI SDK's chat over its transport, drawing nothing: `useMaya` loads it (with the SDK, and
 * zod, which the SDK's modules build schemas with as they are evaluated) only when the person
 * starts a conversation. It starts from the conversation already shown, mirrors its chat into
 * it and takes its commands.
 */
export function MayaEngine({
  id,
  conversation,
}: {
  id: string | undefined;
  conversation: MayaEngineHost;
}) {
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: '/api/v1/assistant/chat',
        credentials: 'same-origin',
        headers: { 'x-requested-with': 'fetch' },
      }),
    [],
  );
  // The conversation's messages are read when the chat is created, as `useChat` reads them.
  const [messages] = useState(conversation.messages);
  const chat = useChat({
    id,
    messages,
    transport,
    onError: conversation.failed,
  });

  useEffect(() => {
    conversation.mirror({ messages: chat.messages, status: chat.status, error: chat.error });
  }, [conversation, chat.messages, chat.status, chat.error]);
  const { sendMessage, setMessages } = chat;
  useEffect(
    () => conversation.attach({ sendMessage, setMessages }),
    [conversation, sendMessage, setMessages],
  );
  return null;
}
