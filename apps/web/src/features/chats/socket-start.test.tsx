import { act, screen, waitFor } from '@testing-library/react';
import type { ChatSummary, Message, UnreadChats } from '@maya/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocket } from '../../lib/socket';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';

/**
 * The Socket.IO client is what leaves the process: a fake `io()` that opens as the real one does
 * (at once unless `autoConnect: false`, else on `connect()`), so the app's own lib/socket.ts runs.
 * The fake server sends whatever the test queued the moment the socket opens.
 */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload?: unknown) => void>>();
  let opening = false;
  /** While held, a `connect()` waits for `release()`, as a socket still opening does. */
  let held = false;
  let waiting = false;
  const atOpen: [string, unknown][] = [];
  const fire = (event: string, payload?: unknown) => {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
  };
  const socket = {
    connected: false,
    emitted: [] as [string, unknown][],
    on(event: string, handler: (payload?: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload?: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit(event: string, payload?: unknown) {
      socket.emitted.push([event, payload]);
      return socket;
    },
    connect() {
      if (socket.connected || opening) return socket;
      if (held) {
        waiting = true;
        return socket;
      }
      opening = true;
      setTimeout(() => {
        opening = false;
        socket.connected = true;
        fire('connect');
        for (const [event, payload] of atOpen.splice(0)) fire(event, payload);
      }, 0);
      return socket;
    },
    close() {
      socket.connected = false;
      return socket;
    },
  };
  return {
    socket,
    fire,
    /** The server sends `event` as soon as the socket opens. */
    sendAtOpen: (event: string, payload: unknown) => atOpen.push([event, payload]),
    hold: () => {
      held = true;
      waiting = false;
    },
    /** True once the app asked a held socket to open. */
    asked: () => waiting,
    release: () => {
      held = false;
      if (waiting) socket.connect();
    },
    io: (options?: { autoConnect?: boolean }) => {
      if (options?.autoConnect !== false) socket.connect();
      return socket;
    },
  };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const partner = {
  id: '01900000-0000-7000-8000-0000000000b1',
  role: 'seller' as const,
  fullName: 'Bright Reach Studio',
  thumbnailUrl: null,
  deleted: false,
};
const message: Message = {
  id: '01900000-0000-7000-8000-0000000000c1',
  chatId: '01900000-0000-7000-8000-0000000000d1',
  senderId: partner.id,
  body: 'Your quote is ready',
  clientId: 'client-quote',
  createdAt: '2026-01-02T10:00:00.000Z',
};
const chat: ChatSummary = {
  id: message.chatId,
  partner,
  lastMessage: message,
  unreadCount: 1,
  partnerLastReadMessageId: null,
  blockedAt: null,
  createdAt: '2026-01-02T09:00:00.000Z',
  updatedAt: message.createdAt,
};

function stubWithUnread(unread: UnreadChats, messages?: () => Message[]) {
  const usual = stubApi(buyer, {
    '/api/v1/users': { items: [], nextCursor: null },
    '/api/v1/chats?': { items: [chat], nextCursor: null },
    [`/api/v1/chats/${chat.id}/messages`]: { items: [message], hasMore: false },
    [`/api/v1/chats/${chat.id}`]: { chat },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(urlOf(input), 'http://localhost').pathname;
      if (path === '/api/v1/chats/unread') return Response.json(unread);
      if (messages && path === `/api/v1/chats/${chat.id}/messages`) {
        return Response.json({ items: messages(), hasMore: false });
      }
      if (path === `/api/v1/chats/${chat.id}/read`) return new Response(null, { status: 204 });
      return usual(input, init);
    }),
  );
}

const toasts = () => screen.queryAllByRole('button', { name: /New message from Bright Reach/ });

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  fake.socket.emitted.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the socket at page load', () => {
  it('toasts a message that arrives the moment the socket opens, though a screen took the socket first', async () => {
    stubWithUnread({ messages: 1, chats: 1 });
    // A screen that loads before the notifications (the chat list) takes the socket first.
    getSocket();
    fake.sendAtOpen('message:new', { chatId: chat.id, message });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    renderApp('/dashboard');

    expect(
      await screen.findByRole('button', { name: /New message from Bright Reach/ }),
    ).toBeTruthy();
    expect(toasts()).toHaveLength(1);

    // A reconnect later raises no second toast for it.
    act(() => {
      fake.socket.connected = false;
      fake.fire('disconnect');
      fake.socket.connected = true;
      fake.fire('connect');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toasts()).toHaveLength(1);
  });

  it('shows in the open chat a message sent after the chat was read but before the socket opened', async () => {
    fake.socket.connected = false;
    fake.hold();
    const later: Message = {
      ...message,
      id: '01900000-0000-7000-8000-0000000000c2',
      body: 'Are you free on Friday?',
      clientId: 'client-friday',
      createdAt: '2026-01-02T10:05:00.000Z',
    };
    let reads = 0;
    // The first read of the chat is before the business sent it; every read after has it.
    stubWithUnread({ messages: 1, chats: 1 }, () => (reads++ === 0 ? [message] : [later, message]));
    renderApp(`/inbox/${chat.id}`);
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.textContent).toContain(message.body));
    expect(log.textContent).not.toContain(later.body);

    // The notifications open the socket once the browser is idle, the chat read by then.
    await waitFor(() => expect(fake.asked()).toBe(true));
    act(() => fake.release());
    await waitFor(() => expect(log.textContent).toContain(later.body));
  });

  it('says which chat is open while the page is visible, and withdraws it when hidden', async () => {
    stubWithUnread({ messages: 0, chats: 0 });
    renderApp(`/inbox/${chat.id}`);
    await waitFor(() =>
      expect(fake.socket.emitted).toContainEqual(['chat:focus', { chatId: chat.id }]),
    );

    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(fake.socket.emitted.at(-1)).toEqual(['chat:blur', { chatId: chat.id }]);

    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(fake.socket.emitted.at(-1)).toEqual(['chat:focus', { chatId: chat.id }]);
  });
});
