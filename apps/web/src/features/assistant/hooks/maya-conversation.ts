import type { ChatStatus, UIMessage } from 'ai';
import { toast } from 'react-toastify';
import i18n from '../../../lib/i18n';
import { readSealed, writeSealed } from '../../../lib/sealed-cache';
import { cacheKeyWhenKnown, sessionCacheKey } from '../../../lib/session';
import type { MayaChatState, MayaEngine as Engine, MayaEngineApi } from '../components/maya-engine';

/** What a screen shows of a conversation with Maya. */
export type MayaSnapshot = {
  /** The conversation, with a message sent before the engine was ready at its end. */
  messages: UIMessage[];
  status: ChatStatus;
  error: Error | undefined;
  busy: boolean;
  /** The engine's component once loaded, for the screen to render. */
  Engine: typeof Engine | null;
};

const SAVED_MESSAGES = 40;
/** Where the conversation is kept, sealed with the session's key (lib/sealed-cache.ts). */
export const SAVED_CONVERSATION = 'maya:assistant';
/** Where a build before sealing kept it, in the clear. */
const oldStorageKey = (userId: string) => `maya-chat:${userId}`;

/** The conversation kept for `userId`'s live session, once the session's key is known. */
async function readSaved(userId: string): Promise<UIMessage[]> {
  try {
    localStorage.removeItem(oldStorageKey(userId));
    const text = await readSealed(SAVED_CONVERSATION, await cacheKeyWhenKnown(userId));
    const saved = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as UIMessage[]) : [];
  } catch {
    return [];
  }
}

// One download for every conversation of the tab; a failed one is tried again next time.
let engineLoad: Promise<typeof Engine> | undefined;
function loadEngine(): Promise<typeof Engine> {
  engineLoad ??= import('../components/maya-engine').then(
    (module) => module.MayaEngine,
    (error: unknown) => {
      engineLoad = undefined;
      throw error;
    },
  );
  return engineLoad;
}

/** An id of the kind the SDK gives, for a message sent before the SDK is here to name it. */
const newMessageId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(36)).join('');

export const emptySnapshot: MayaSnapshot = {
  messages: [],
  status: 'ready',
  error: undefined,
  busy: false,
  Engine: null,
};

export type MayaConversation = ReturnType<typeof createMayaConversation>;

/**
 * One conversation with Maya, as a small store the screen reads with `useSyncExternalStore`:
 * what it shows needs no AI SDK. The engine (`components/maya-engine.tsx`, the SDK's chat) is
 * loaded by `prepare()` and, once rendered, mirrors its chat here (`mirror`) and takes the
 * commands (`attach`). A message sent before then is shown at once and sent when it attaches.
 * A signed-in person's conversation is saved in this browser whenever no answer is arriving,
 * from its restore on, sealed with the live session's key: it lasts as long as the session, and
 * nobody can read it once the session has ended.
 */
export function createMayaConversation(userId: string | undefined) {
  let chat: MayaChatState = { messages: [], status: 'ready', error: undefined };
  let queued: UIMessage | null = null;
  // The queued message is not yet handed to an engine (an engine may attach twice in development).
  let unsent = false;
  let Loaded: typeof Engine | null = null;
  let loading = false;
  let engine: MayaEngineApi | null = null;
  let restored = false;
  // Saving starts once the saved copy has been read (or found missing), so it never replaces
  // what it has not read yet.
  let savedRead = false;
  let snapshot = emptySnapshot;
  const listeners = new Set<() => void>();

  const update = () => {
    const inFlight = chat.status === 'submitted' || chat.status === 'streaming';
    snapshot = {
      messages: queued ? [...chat.messages, queued] : chat.messages,
      status: chat.status,
      error: chat.error,
      busy: queued !== null || inFlight,
      Engine: Loaded,
    };
    const cacheKey = userId ? sessionCacheKey(userId) : undefined;
    if (cacheKey && savedRead && !snapshot.busy) {
      // An empty conversation (a new one) leaves nothing behind.
      void writeSealed(
        SAVED_CONVERSATION,
        cacheKey,
        chat.messages.length === 0 ? null : JSON.stringify(chat.messages.slice(-SAVED_MESSAGES)),
      );
    }
    for (const listener of listeners) listener();
  };

  /** A request (or the engine's download) failed. */
  const failed = () => void toast.error(i18n.t('assistant.failed'));

  const prepare = () => {
    if (loading) return;
    loading = true;
    loadEngine().then(
      (loaded) => {
        Loaded = loaded;
        update();
      },
      (error: unknown) => {
        loading = false;
        // As a request that failed leaves it: the message stays, and goes with the next one.
        if (queued) {
          chat = {
            messages: [...chat.messages, queued],
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
          };
        }
        queued = null;
        unsent = false;
        update();
        failed();
      },
    );
  };

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => snapshot,
    prepare,
    /** The saved conversation, put back once the screen is live. */
    restore: () => {
      if (restored || !userId) return;
      restored = true;
      void readSaved(userId).then((saved) => {
        savedRead = true;
        // The person has started meanwhile: what they wrote is the conversation now.
        if (saved.length === 0 || chat.messages.length > 0 || queued) return;
        chat = { ...chat, messages: saved };
        engine?.setMessages(saved);
        update();
      });
    },
    send: (text: string): boolean => {
      const trimmed = text.trim();
      if (!trimmed || snapshot.busy) return false;
      if (engine) {
        void engine.sendMessage({ text: trimmed });
        return true;
      }
      queued = { id: newMessageId(), role: 'user', parts: [{ type: 'text', text: trimmed }] };
      unsent = true;
      update();
      prepare();
      return true;
    },
    reset: () => {
      chat = { ...chat, messages: [] };
      engine?.setMessages([]);
      update();
    },
    failed,
    /** For the engine: the conversation its chat starts from. */
    messages: () => chat.messages,
    /** For the engine: its chat changed. */
    mirror: (next: MayaChatState) => {
      chat = next;
      if (queued && next.messages.some(({ id }) => id === queued?.id)) queued = null;
      update();
    },
    /** For the engine: it takes commands now, and sends what waited for it. */
    attach: (api: MayaEngineApi) => {
      engine = api;
      if (queued && unsent) {
        unsent = false;
        void api.sendMessage(queued);
      }
      return () => {
        if (engine === api) engine = null;
      };
    },
  };
}
