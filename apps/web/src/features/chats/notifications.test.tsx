import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatSummary, Message, UnreadChats } from '@maya/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';

// The socket is what leaves the process: a fake one whose server events the test emits.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload?: unknown) => void>>();
  return {
    connected: true,
    on(event: string, handler: (payload?: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off(event: string, handler: (payload?: unknown) => void) {
      handlers.get(event)?.delete(handler);
    },
    emit: () => undefined,
    /** How often the page opened the socket (the notifications do, once they listen). */
    opened: 0,
    /** The server sends `event` to this tab. */
    receive(event: string, payload?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
});
vi.mock('../../lib/socket', () => ({
  getSocket: () => socket,
  closeSocket: () => undefined,
  connectSocket: () => {
    socket.opened += 1;
  },
}));

/**
 * The page's notifications listen to the socket, and have opened it (they do once the browser is
 * idle): only then can the server's events reach them.
 */
const listening = () => waitFor(() => expect(socket.opened).toBeGreaterThan(0));

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

/** The API with a server-side unread total the test moves. */
function stubWithUnread(start: UnreadChats) {
  let unread = start;
  const usual = stubApi(buyer, {
    '/api/v1/users': { items: [], nextCursor: null },
    '/api/v1/chats?': { items: [chat], nextCursor: null },
    [`/api/v1/chats/${chat.id}/messages`]: { items: [message], hasMore: false },
    [`/api/v1/chats/${chat.id}`]: { chat },
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(urlOf(input), 'http://localhost').pathname;
    if (path === '/api/v1/chats/unread') return Response.json(unread);
    if (path === `/api/v1/chats/${chat.id}/read`) return new Response(null, { status: 204 });
    return usual(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    set: (next: UnreadChats) => (unread = next),
    unreadCalls: () =>
      fetchMock.mock.calls.filter(([input]) => urlOf(input).endsWith('/chats/unread')).length,
  };
}

const drawerChats = async () =>
  within(await screen.findByRole('navigation', { name: 'Workspace' })).getByRole('link', {
    name: /^Chats/,
  });

beforeEach(() => {
  socket.opened = 0;
  socket.connected = true;
  document.title = 'Maya Market';
  // A wide screen: the side drawer is always on view.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chat notifications while signed in', () => {
  it('shows the unread total on Chats in the drawer, the top bar and the tab title', async () => {
    stubWithUnread({ messages: 3, chats: 2 });
    renderApp('/dashboard');
    await waitFor(async () =>
      expect((await drawerChats()).getAttribute('aria-label')).toBe('Chats, 3 unread'),
    );
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Chats, 3 unread' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(3) Directory · Maya Market'));
  });

  it('raises a toast for a message in a chat that is not open, which opens the chat', async () => {
    const api = stubWithUnread({ messages: 0, chats: 0 });
    const { router } = renderApp('/dashboard');
    await drawerChats();
    await waitFor(() => expect(api.unreadCalls()).toBe(1));

    api.set({ messages: 1, chats: 1 });
    await listening();
    act(() => socket.receive('message:new', { chatId: chat.id, message }));
    const toast = await screen.findByRole('button', {
      name: /New message from Bright Reach Studio/,
    });
    expect(toast.textContent).toContain('Your quote is ready');
    await waitFor(() => expect(document.title).toBe('(1) Directory · Maya Market'));
    expect((await drawerChats()).getAttribute('aria-label')).toBe('Chats, 1 unread');

    api.set({ messages: 0, chats: 0 });
    fireEvent.click(toast);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inbox/${chat.id}`));
    // The open chat is read, which the server confirms to every tab of the reader.
    await waitFor(() =>
      expect(
        api.fetchMock.mock.calls.some(([input]) => urlOf(input).endsWith(`/${chat.id}/read`)),
      ).toBe(true),
    );
    act(() =>
      socket.receive('chat:read', { chatId: chat.id, userId: buyer.id, messageId: message.id }),
    );
    await waitFor(() => expect(document.title).toBe('Chats · Maya Market'));
    expect((await drawerChats()).getAttribute('aria-label')).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Workspace' })).getByRole('link', {
        name: 'Chats',
      }),
    ).toBeTruthy();
  });

  it('raises no toast for a message in the chat on view, nor for the person’s own', async () => {
    const api = stubWithUnread({ messages: 0, chats: 0 });
    renderApp(`/inbox/${chat.id}`);
    await screen.findByText('Your quote is ready');
    await listening();
    act(() => socket.receive('message:new', { chatId: chat.id, message }));
    act(() =>
      socket.receive('message:new', {
        chatId: chat.id,
        message: { ...message, id: `${message.id.slice(0, -1)}2`, senderId: buyer.id },
      }),
    );
    await waitFor(() => expect(api.unreadCalls()).toBeGreaterThanOrEqual(3));
    expect(screen.queryByRole('button', { name: /New message from/ })).toBeNull();
  });

  it('clears a chat read on another device, and counts again after a reconnect', async () => {
    const api = stubWithUnread({ messages: 2, chats: 1 });
    renderApp('/dashboard');
    await waitFor(() => expect(document.title).toBe('(2) Directory · Maya Market'));
    await listening();
    act(() => socket.receive('message:new', { chatId: chat.id, message }));
    const toast = await screen.findByRole('button', {
      name: /New message from Bright Reach Studio/,
    });

    api.set({ messages: 0, chats: 0 });
    act(() =>
      socket.receive('chat:read', { chatId: chat.id, userId: buyer.id, messageId: message.id }),
    );
    await waitFor(() => expect(document.title).toBe('Directory · Maya Market'));
    // The toast leaves (jsdom runs no exit animation, so it is seen leaving, not gone).
    await waitFor(() => expect(toast.closest('.Toastify__toast')?.className).toMatch(/exit/));

    // Messages that arrived while the socket was down are counted once it is back.
    api.set({ messages: 4, chats: 2 });
    act(() => socket.receive('connect'));
    await waitFor(() => expect(document.title).toBe('(4) Directory · Maya Market'));
  });

  it('counts a message sent before the socket first opened, once it opens', async () => {
    socket.connected = false;
    const api = stubWithUnread({ messages: 0, chats: 0 });
    renderApp('/dashboard');
    await waitFor(() => expect(api.unreadCalls()).toBe(1));
    await listening();
    // The business wrote while the page was starting: no event reached it.
    api.set({ messages: 1, chats: 1 });
    act(() => {
      socket.connected = true;
      socket.receive('connect');
    });
    await waitFor(() => expect(document.title).toBe('(1) Directory · Maya Market'));
  });

  it('ignores the partner’s receipts for the unread total', async () => {
    const api = stubWithUnread({ messages: 1, chats: 1 });
    renderApp('/dashboard');
    await waitFor(() => expect(document.title).toBe('(1) Directory · Maya Market'));
    await listening();
    const before = api.unreadCalls();
    act(() =>
      socket.receive('chat:read', { chatId: chat.id, userId: partner.id, messageId: message.id }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.unreadCalls()).toBe(before);
  });

  it('signs the tab out when the server closes the socket and the session has ended', async () => {
    const api = stubWithUnread({ messages: 1, chats: 1 });
    localStorage.setItem('maya:query-cache', '{"sealed":1}');
    renderApp('/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Chats' });
    await listening();
    // A sign-out on another device: the server closes this session's sockets, and the session
    // now answers nobody.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        urlOf(input).endsWith('/api/v1/auth/session')
          ? Response.json({ user: null })
          : api.fetchMock(input, init),
      ),
    );
    act(() => socket.receive('disconnect', 'io server disconnect'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Chats' })).toBeNull());
    expect(screen.queryByText('Bright Reach Studio')).toBeNull();
    expect(localStorage.getItem('maya:query-cache')).toBeNull();
  });

  it('keeps the tab signed in when the socket only dropped', async () => {
    const api = stubWithUnread({ messages: 1, chats: 1 });
    renderApp('/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Chats' });
    await listening();
    const before = api.fetchMock.mock.calls.length;
    act(() => socket.receive('disconnect', 'transport close'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      api.fetchMock.mock.calls
        .slice(before)
        .some(([input]) => urlOf(input).endsWith('/auth/session')),
    ).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Chats' })).toBeTruthy();
  });
});
