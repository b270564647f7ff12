import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatSummary, MayaLog, Message, MessagesPage } from '@maya/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { dealBetween, moveMessage, requestAndOffer } from '../../test/fixtures';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

// The socket is what leaves the process here: a quiet one that never connects.
vi.mock('../../lib/socket', () => import('../../test/quiet-socket'));

// The cards, the screen and the log load on demand: compiled once here, not inside a test's time.
beforeAll(async () => {
  await Promise.all([
    import('./components/chat-deals'),
    import('./components/deals-page'),
    import('./components/maya-log'),
    loadNamespace('deals'),
    loadNamespace('negotiation'),
  ]);
}, 30_000);

afterEach(async () => {
  await setLanguage('en');
});

const business = {
  id: seller.id,
  role: 'seller' as const,
  fullName: 'Glow Studio',
  thumbnailUrl: null,
  deleted: false,
};
const chatId = '01900000-0000-7000-8000-0000000000d1';
const dealId = '01900000-0000-7000-8000-0000000000e1';
const { sentAt, request, version } = requestAndOffer({
  need: 'A haircut and colour.',
  where: 'Lisbon',
  budget: 70_000,
  title: 'Cut and colour',
  included: 'Cut, colour and styling.',
});
const deal = dealBetween(buyer, business, {
  id: dealId,
  chatId,
  status: 'offered',
  request,
  versions: [version],
  actions: [],
  createdAt: sentAt,
});

const hello: Message = {
  id: '01900000-0000-7000-8000-0000000000c1',
  chatId,
  senderId: business.id,
  body: 'Hello, we can do Saturday.',
  clientId: 'hello',
  createdAt: sentAt,
};
const offerMove = {
  ...moveMessage({
    id: '01900000-0000-7000-8000-0000000000c2',
    chatId,
    senderId: business.id,
    clientId: 'maya-offer',
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
  }),
  byAssistant: true as const,
};
const mayaWords: Message = {
  id: '01900000-0000-7000-8000-0000000000c3',
  chatId,
  senderId: business.id,
  body: 'Maya (AI) for Glow Studio: Glow Studio can do Cut and colour on 1 June 2030 for €850.00.',
  clientId: 'maya-words',
  createdAt: sentAt,
  byAssistant: true,
};

const log: MayaLog = {
  status: 'handed_over',
  stopReason: 'question',
  entries: [
    {
      at: sentAt,
      rule: 'open_at_list',
      inputs: {
        listPrice: 85_000,
        round: 0,
        counter: null,
        counterLimit: 2,
        floor: 60_000,
        keepBack: 5_000,
        minimum: 65_000,
        lowestOffer: null,
        earlierLowest: null,
        budget: 70_000,
      },
      act: {
        act: 'offer',
        price: { amount: 85_000, currency: 'EUR' },
        serviceId: '01900000-0000-7000-8000-0000000000f1',
        when: { from: '2030-06-01', to: '2030-06-01' },
        validUntil: version.validUntil,
      },
      check: { replaced: true, reasons: [{ kind: 'amount', text: '€800' }], failure: null },
      text: mayaWords.body,
    },
    {
      at: sentAt,
      rule: 'question',
      inputs: {},
      act: { act: 'hand_over', reason: 'question' },
      check: { replaced: false, reasons: [], failure: null },
      text: '',
    },
  ],
};

describe('Maya’s mark in a chat', () => {
  it('marks what Maya wrote and the move she made as AI, and nothing else', async () => {
    const page: MessagesPage = { items: [mayaWords, offerMove, hello], hasMore: false };
    const chat: ChatSummary = {
      id: chatId,
      partner: business,
      lastMessage: mayaWords,
      unreadCount: 0,
      partnerLastReadMessageId: null,
      blockedAt: null,
      createdAt: sentAt,
      updatedAt: sentAt,
    };
    stubApi(buyer, {
      '/api/v1/chats?': { items: [chat], nextCursor: null },
      [`/api/v1/chats/${chatId}/messages`]: page,
      [`/api/v1/chats/${chatId}/read`]: null,
      [`/api/v1/chats/${chatId}`]: { chat },
      [`/api/v1/deals/${dealId}`]: { deal },
    });
    renderApp(`/inbox/${chatId}`);

    const messages = await screen.findByRole(
      'log',
      { name: 'Messages with Glow Studio' },
      { timeout: 10_000 },
    );
    const words = (await within(messages).findByText(mayaWords.body)).closest('li')!;
    const mark = await within(words).findByRole(
      'img',
      { name: 'Written by Maya, an AI assistant' },
      { timeout: 10_000 },
    );
    expect(mark.textContent).toBe('AI');

    const card = await screen.findByRole('article', { name: 'Offer' }, { timeout: 10_000 });
    expect(
      (await within(card.closest('li')!).findByText('Maya (AI) for Glow Studio')).tagName,
    ).toBe('SPAN');

    const person = within(messages).getByText(hello.body).closest('li')!;
    expect(
      within(person).queryByRole('img', { name: 'Written by Maya, an AI assistant' }),
    ).toBeNull();
    expect(within(person).queryByText('AI')).toBeNull();
  });
});

describe('How Maya answered, on /deals', () => {
  const openDeals = (user = seller) =>
    stubApi(user, {
      '/api/v1/deals?tab=negotiating': { items: [deal], nextCursor: null },
      [`/api/v1/deals/${dealId}/maya-log`]: log,
    });
  const mayaLogCalls = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.filter(([url]) => urlOf(url as RequestInfo).includes('/maya-log'));

  it('reads the log only when the business opens it, and says each step in words', async () => {
    const fetchMock = openDeals();
    renderApp('/deals?tab=negotiating');
    const toggle = await screen.findByRole(
      'button',
      { name: 'How Maya answered' },
      { timeout: 10_000 },
    );
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(mayaLogCalls(fetchMock)).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await within(panel).findByText(
      'Maya handed this request over to you: the client wrote a message she cannot answer.',
    );
    expect(mayaLogCalls(fetchMock)).toHaveLength(1);
    const [offer, handOver] = within(panel).getAllByRole('listitem');

    expect(offer!.textContent).toContain('Offered €850.00');
    expect(within(offer!).getByText('Rule: the first offer is the listed price')).toBeTruthy();
    const read = within(offer!)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(read).toEqual([
      'List price: €850.00',
      "Client's counters so far: 0",
      'Counters you allow: 2',
      'Floor: €600.00',
      'Keep-back: €50.00',
      'Lowest she may offer: €650.00',
      "Client's budget: €700.00",
    ]);
    expect(
      within(offer!).getByText(
        "Check: the model's sentence was replaced: an amount not on the card (€800).",
      ),
    ).toBeTruthy();
    expect(within(offer!).getByText(mayaWords.body)).toBeTruthy();

    expect(handOver!.textContent).toContain(
      'Handed over: the client wrote a message she cannot answer',
    );
    expect(
      within(handOver!).getByText('Rule: the client wrote a message she cannot answer'),
    ).toBeTruthy();
    expect(within(handOver!).getByText('Check: passed.')).toBeTruthy();
    expect(within(handOver!).getByText('Nothing was written in the chat.')).toBeTruthy();
  });

  it('shows nothing of a deal Maya never answered', async () => {
    const fetchMock = stubApi(seller, {
      '/api/v1/deals?tab=negotiating': { items: [deal], nextCursor: null },
      [`/api/v1/deals/${dealId}/maya-log`]: { status: null, stopReason: null, entries: [] },
    });
    renderApp('/deals?tab=negotiating');
    fireEvent.click(
      await screen.findByRole('button', { name: 'How Maya answered' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(mayaLogCalls(fetchMock)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'How Maya answered' })).toBeNull(),
    );
  });

  it('is not there for the client, who never asks for it', async () => {
    const fetchMock = openDeals(buyer);
    renderApp('/deals?tab=negotiating');
    await screen.findByRole('heading', { name: 'Cut and colour' }, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'How Maya answered' })).toBeNull();
    expect(mayaLogCalls(fetchMock)).toHaveLength(0);
  });

  it('says a step in Portuguese, with the money written as in Brazil', async () => {
    await setLanguage('pt');
    openDeals();
    renderApp('/deals?tab=negotiating');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Como a Maya respondeu' }, { timeout: 10_000 }),
    );
    const [offer] = await screen.findAllByRole('listitem');
    expect(offer!.textContent).toContain('Ofereceu €\u00a0850,00');
    expect(within(offer!).getByText('Regra: a primeira proposta é o preço anunciado')).toBeTruthy();
    expect(within(offer!).getByText('Piso')).toBeTruthy();
    expect(
      within(offer!).getByText(
        'Verificação: a frase do modelo foi substituída: um valor que não está na proposta (€800).',
      ),
    ).toBeTruthy();
  });
});
