import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatSummary, Message, MessagesPage } from '@maya/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';

// The socket is what leaves the process here: a quiet one that never connects.
vi.mock('../../lib/socket', () => import('../../test/quiet-socket'));

const partner = {
  id: '01900000-0000-7000-8000-0000000000b1',
  role: 'seller' as const,
  fullName: 'Bright Reach Studio',
  thumbnailUrl: null,
  deleted: false,
};

const greeting: Message = {
  id: '01900000-0000-7000-8000-0000000000c1',
  chatId: '01900000-0000-7000-8000-0000000000d1',
  senderId: partner.id,
  body: 'Hello, how can we help?',
  clientId: 'client-greeting',
  createdAt: '2026-01-02T10:00:00.000Z',
};

const chat: ChatSummary = {
  id: greeting.chatId,
  partner,
  lastMessage: greeting,
  unreadCount: 0,
  partnerLastReadMessageId: null,
  blockedAt: null,
  createdAt: '2026-01-02T09:00:00.000Z',
  updatedAt: greeting.createdAt,
};

describe('a conversation', () => {
  it('shows a message at once while it is sent, then as stored, each beside its sender', async () => {
    const page: MessagesPage = { items: [greeting], hasMore: false };
    const usual = stubApi(buyer, {
      '/api/v1/chats?': { items: [chat], nextCursor: null },
      [`/api/v1/chats/${chat.id}/messages`]: page,
      [`/api/v1/chats/${chat.id}/read`]: null,
      [`/api/v1/chats/${chat.id}`]: { chat },
    });
    let acknowledge: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).endsWith('/messages') && init?.method === 'POST'
        ? new Promise<Response>((resolve) => (acknowledge = resolve))
        : usual(input, init),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(`/inbox/${chat.id}`);

    const log = await screen.findByRole('log', { name: 'Messages with Bright Reach Studio' });
    await within(log).findByText('Hello, how can we help?');
    expect(within(log).getByText('B')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Do you work on Saturdays?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Do you work on Saturdays?')).toBeTruthy();
    expect(within(log).getByText('Sending…')).toBeTruthy();
    expect(within(log).getByText('A')).toBeTruthy();

    const [, init] = fetchMock.mock.calls.find(
      ([url, call]) => urlOf(url).endsWith('/messages') && call?.method === 'POST',
    )!;
    const sent = JSON.parse(init!.body as string) as { body: string; clientId: string };
    expect(sent.body).toBe('Do you work on Saturdays?');
    acknowledge(
      new Response(
        JSON.stringify({
          message: {
            ...greeting,
            id: '01900000-0000-7000-8000-0000000000c2',
            senderId: buyer.id,
            body: sent.body,
            clientId: sent.clientId,
            createdAt: '2026-01-02T10:05:00.000Z',
          },
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    );
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText('Do you work on Saturdays?')).toHaveLength(1);
  });
});

describe('deleting a chat', () => {
  function stubDelete() {
    const usual = stubApi(buyer, {
      '/api/v1/chats?': { items: [chat], nextCursor: null },
      '/api/v1/chats/unread': { messages: 0, chats: 0 },
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'DELETE' ? new Response(null, { status: 204 }) : usual(input, init),
    );
    vi.stubGlobal('fetch', fetchMock);
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    return { deletes };
  }
  const entry = () => screen.queryByRole('button', { name: /^(?!Delete chat).*Bright Reach/ });

  it('takes the chat off the list at once and keeps it when Undo is pressed', async () => {
    const { deletes } = stubDelete();
    renderApp('/inbox');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete chat with Bright Reach Studio' }),
    );
    await waitFor(() => expect(entry()).toBeNull());
    const toast = (await screen.findByText('Chat deleted.')).closest('.Toastify__toast')!;
    fireEvent.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByRole('button', { name: /^(?!Delete chat).*Bright Reach/ }),
    ).toBeTruthy();
    // The toast leaves without deleting anything (jsdom runs no animation: it is ended here).
    fireEvent.animationEnd(toast);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deletes()).toHaveLength(0);
  });

  it('deletes the chat on the server once the toast closes without Undo', async () => {
    const { deletes } = stubDelete();
    renderApp('/inbox');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete chat with Bright Reach Studio' }),
    );
    const toast = (await screen.findByText('Chat deleted.')).closest('.Toastify__toast')!;
    expect(deletes()).toHaveLength(0);
    fireEvent.click(within(toast as HTMLElement).getByRole('button', { name: 'close' }));
    fireEvent.animationEnd(toast);
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(urlOf(deletes()[0]![0])).toBe(`/api/v1/chats/${chat.id}`);
    expect(entry()).toBeNull();
  });

  it('deletes the chat at once, with a request that outlives the page, when the page goes away', async () => {
    const { deletes } = stubDelete();
    renderApp('/inbox');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete chat with Bright Reach Studio' }),
    );
    await screen.findByText('Chat deleted.');
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]![1]).toMatchObject({ method: 'DELETE', keepalive: true });
  });
});
