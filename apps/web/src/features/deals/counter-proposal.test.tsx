import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ChatSummary,
  CounterProposal,
  Deal,
  DealMoveResponse,
  Message,
  MessagesPage,
} from '@maya/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { dealBetween, moveMessage, requestAndOffer, sellerProfile } from '../../test/fixtures';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';

// The socket is what leaves the process here: a quiet one that never connects.
vi.mock('../../lib/socket', () => import('../../test/quiet-socket'));

// The cards load on demand: compiled once here, not inside the first test's time.
beforeAll(async () => {
  await Promise.all([import('./components/chat-deals'), loadNamespace('deals')]);
}, 30_000);

afterEach(async () => {
  await setLanguage('en');
});

const business = {
  id: sellerProfile.id,
  role: 'seller' as const,
  fullName: 'Bright Reach Studio',
  thumbnailUrl: null,
  deleted: false,
};
const chatId = '01900000-0000-7000-8000-0000000000d1';
const dealId = '01900000-0000-7000-8000-0000000000e1';
const { sentAt, request, version } = requestAndOffer({
  need: 'Photos of our wedding, 80 guests.',
  where: 'Sintra',
  budget: 90_000,
  title: 'Wedding photography, 6 hours',
  included: 'Ceremony and party, 300 edited photos.',
});

const offered = moveMessage({
  id: '01900000-0000-7000-8000-0000000000c2',
  chatId,
  senderId: business.id,
  clientId: 'deal-offer',
  createdAt: sentAt,
  dealId,
  event: {
    kind: 'offer_made',
    actor: 'business',
    from: 'requested',
    to: 'offered',
    at: sentAt,
    version,
  },
  terms: version.terms,
});

const deal = dealBetween(buyer, business, {
  id: dealId,
  chatId,
  status: 'offered',
  request,
  versions: [version],
  actions: [{ type: 'accept', version: 1 }, { type: 'counter', version: 1 }, { type: 'decline' }],
  createdAt: sentAt,
});

const chat: ChatSummary = {
  id: chatId,
  partner: business,
  lastMessage: offered,
  unreadCount: 0,
  partnerLastReadMessageId: null,
  blockedAt: null,
  createdAt: sentAt,
  updatedAt: sentAt,
};

const proposal: CounterProposal = {
  dealId,
  version: 1,
  price: { amount: 42_000, currency: 'EUR' },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The chat with the business's offer: the buyer's send is answered with `counterProposal` when
 * given, and a move on the deal with `onMove`.
 */
function openChat({
  counterProposal,
  onMove,
}: {
  counterProposal?: CounterProposal;
  onMove?: (body: { action: { type: string } }) => Response;
} = {}) {
  const page: MessagesPage = { items: [offered], hasMore: false };
  const usual = stubApi(buyer, {
    '/api/v1/chats?': { items: [chat], nextCursor: null },
    [`/api/v1/chats/${chatId}/messages`]: page,
    [`/api/v1/chats/${chatId}/read`]: null,
    [`/api/v1/chats/${chatId}`]: { chat },
    [`/api/v1/deals/${dealId}`]: { deal },
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (init?.method === 'POST' && url.endsWith(`/chats/${chatId}/messages`)) {
      const sent = JSON.parse(init.body as string) as { body: string; clientId: string };
      const message: Message = {
        id: '01900000-0000-7000-8000-0000000000c3',
        chatId,
        senderId: buyer.id,
        body: sent.body,
        clientId: sent.clientId,
        createdAt: new Date().toISOString(),
      };
      return json(counterProposal ? { message, counterProposal } : { message }, 201);
    }
    if (init?.method === 'POST' && url.includes('/deals/') && onMove) {
      return onMove(JSON.parse(init.body as string) as { action: { type: string } });
    }
    return usual(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderApp(`/inbox/${chatId}`);
  return fetchMock;
}

const dealPosts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init as RequestInit | undefined)?.method === 'POST' &&
        urlOf(url as RequestInfo).includes('/deals'),
    )
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as { action: unknown });

/** Types the buyer's words and sends them, once the offer's moves are drawn. */
async function say(words: string) {
  const offer = await screen.findByRole('article', { name: 'Offer' }, { timeout: 5000 });
  await within(offer).findByRole('button', { name: 'Counter' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
    target: { value: words },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  const log = screen.getByRole('log');
  await within(log).findByText(words, {}, { timeout: 5000 });
  await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull(), { timeout: 5000 });
  return offer;
}

const card = (name: string | RegExp = 'Send €420.00 as a counter-offer?') =>
  screen.findByRole('region', { name }, { timeout: 5000 });

describe('a price the buyer types against the standing offer', () => {
  it('is proposed as a counter under the composer, in a polite live region, and nothing moves', async () => {
    const fetchMock = openChat({ counterProposal: proposal });
    await say('I’ll pay 420');
    const proposed = await card();
    expect(proposed.closest('[aria-live="polite"]')).toBeTruthy();
    expect(
      within(proposed)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Review counter-offer', 'Dismiss']);
    expect(dealPosts(fetchMock)).toEqual([]);
  });

  it('opens the counter’s form with that price and the standing terms, sent only by its Send', async () => {
    const countered: Deal = {
      ...deal,
      versions: [
        version,
        {
          ...version,
          number: 2,
          by: 'buyer',
          terms: { ...version.terms, price: proposal.price },
        },
      ],
      actions: [{ type: 'withdraw' }],
    };
    const fetchMock = openChat({
      counterProposal: proposal,
      onMove: () =>
        json(
          { deal: countered, message: { ...offered, id: '01900000-0000-7000-8000-0000000000c4' } },
          201,
        ),
    });
    await say('I’ll pay 420');
    fireEvent.click(within(await card()).getByRole('button', { name: 'Review counter-offer' }));

    const form = await screen.findByRole(
      'dialog',
      { name: 'Counter the offer' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(form.contains(document.activeElement)).toBe(true));
    expect(within(form).getByLabelText<HTMLInputElement>(/^Price, total with VAT/).value).toBe(
      '420',
    );
    expect(within(form).getByLabelText<HTMLInputElement>(/^Title/).value).toBe(
      'Wedding photography, 6 hours',
    );
    expect(within(form).getByLabelText<HTMLTextAreaElement>(/^What is included/).value).toBe(
      'Ceremony and party, 300 edited photos.',
    );
    expect(within(form).getByLabelText<HTMLInputElement>(/^From/).value).toBe('2030-06-01');
    expect(screen.queryByRole('region', { name: /counter-offer\?$/ })).toBeNull();
    expect(dealPosts(fetchMock)).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dealPosts(fetchMock)).toEqual([
      {
        clientId: expect.stringMatching(/^deal-/),
        action: {
          type: 'counter',
          version: 1,
          terms: { ...version.terms, price: proposal.price, validDays: 7 },
        },
      },
    ]);
    expect(screen.queryByRole('region', { name: /counter-offer\?$/ })).toBeNull();
  });

  it('goes when dismissed, with focus back in the message field', async () => {
    const fetchMock = openChat({ counterProposal: proposal });
    await say('I’ll pay 420');
    fireEvent.click(within(await card()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /counter-offer\?$/ })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })),
    );
    expect(dealPosts(fetchMock)).toEqual([]);
  });

  it('goes once the deal moves on', async () => {
    openChat({
      counterProposal: proposal,
      onMove: () =>
        json(
          {
            deal: {
              ...deal,
              status: 'upcoming',
              accepted: { version: 1, at: sentAt },
              actions: [],
            },
            message: { ...offered, id: '01900000-0000-7000-8000-0000000000c4' },
          } satisfies DealMoveResponse,
          201,
        ),
    });
    const offer = await say('I’ll pay 420');
    await card();
    fireEvent.click(within(offer).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /counter-offer\?$/ })).toBeNull(),
    );
  });

  it('is not there when the answer proposes nothing', async () => {
    openChat();
    await say('Do you work on Saturdays?');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: /counter-offer\?$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review counter-offer' })).toBeNull();
  });

  it('says the price in the reader’s language and money', async () => {
    await setLanguage('pt');
    openChat({ counterProposal: proposal });
    await screen.findByRole('article', { name: 'Proposta' }, { timeout: 5000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mensagem' }), {
      target: { value: 'que tal 420?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await within(screen.getByRole('log')).findByText('que tal 420?', {}, { timeout: 5000 });
    // Brazil's Portuguese writes the euro before the amount, a no-break space between.
    const proposed = await card(/^Enviar €\u00a0420,00 como contraproposta\?$/);
    expect(within(proposed).getByRole('button', { name: 'Revisar contraproposta' })).toBeTruthy();
    expect(within(proposed).getByRole('button', { name: 'Dispensar' })).toBeTruthy();
  });
});
