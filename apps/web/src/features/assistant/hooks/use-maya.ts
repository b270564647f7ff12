import { createElement, useEffect, useMemo, useSyncExternalStore } from 'react';
import { createMayaConversation, emptySnapshot } from './maya-conversation';

/**
 * A conversation with Maya (`maya-conversation.ts`). For a signed-in person it is kept in this
 * browser, sealed with the session's key, so it survives a reload while the session lives;
 * visitors start fresh each time. The saved conversation is put back once the screen is live and
 * the session's key is known: the server draws the screen without it (it is this browser's), and
 * the render that hydrates that HTML must match it.
 *
 * The AI SDK is not part of the screen: `prepare()` loads it when the person starts a
 * conversation (focuses the composer, points at a suggestion, sends), and the screen renders
 * `engine`, which is nothing until then.
 */
export function useMaya(userId?: string) {
  const conversation = useMemo(() => createMayaConversation(userId), [userId]);
  const { messages, status, error, busy, Engine } = useSyncExternalStore(
    conversation.subscribe,
    conversation.get,
    () => emptySnapshot,
  );
  useEffect(() => conversation.restore(), [conversation]);

  return {
    messages,
    status,
    error,
    busy,
    send: conversation.send,
    reset: conversation.reset,
    prepare: conversation.prepare,
    engine: Engine
      ? createElement(Engine, {
          key: userId,
          id: userId ? `maya-${userId}` : undefined,
          conversation,
        })
      : null,
  };
}
