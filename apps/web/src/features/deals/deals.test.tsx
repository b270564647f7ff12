import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ChatSummary,
  Deal,
  DealMoveResponse,
  Message,
  MessagesPage,
  PrivateUser,
  PublicProfile,
} from '@maya/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { dealBetween, moveMessage, requestAndOffer, sellerProfile } from '../../test/fixtures';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

// The socket is what leaves the process here: a quiet one that never connects.
vi.mock('../../lib/socket', () => import('../../test/quiet-socket'));

// The cards and the screen load on demand: compiled once here, not inside the first test's time.
beforeAll(async () => {
  await Promise.all([
    import('./components/chat-deals'),
    import('./components/deals-page'),
    loadNamespace('deals'),
  ]);
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

const requested = moveMessage({
  id: '01900000-0000-7000-8000-0000000000c1',
  chatId,
  senderId: buyer.id,
  clientId: 'deal-request',
  createdAt: sentAt,
  dealId,
  event: {
    kind: 'quote_requested',
    actor: 'buyer',
    from: 'start',
    to: 'requested',
    at: sentAt,
    request,
  },
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

function problem(status: number, code: string, detail: string) {
  return new Response(
    JSON.stringify({ type: `/api/errors#${code}`, title: 'No', status, code, detail }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

/** The chat with a request and the business's offer, answered as `deal` stands. */
function openChat(
  user = buyer,
  options: {
    chat?: ChatSummary;
    deal?: Deal;
    onPost?: (url: string, body: unknown) => Response;
  } = {},
) {
  const page: MessagesPage = { items: [offered, requested], hasMore: false };
  const usual = stubApi(user, {
    '/api/v1/chats?': { items: [options.chat ?? chat], nextCursor: null },
    [`/api/v1/chats/${chatId}/messages`]: page,
    [`/api/v1/chats/${chatId}/read`]: null,
    [`/api/v1/chats/${chatId}`]: { chat: options.chat ?? chat },
    [`/api/v1/deals/${dealId}`]: { deal: options.deal ?? deal },
    [`/api/v1/users/${business.id}`]: {
      ...sellerProfile,
      services: [
        {
          id: '01900000-0000-7000-8000-0000000000f1',
          name: 'Wedding photography',
          description: '',
          priceFrom: 80_000,
          priceTo: null,
          unit: 'event',
          currency: 'EUR',
        },
      ],
    } satisfies PublicProfile,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (init?.method === 'POST' && url.includes('/deals') && options.onPost) {
      return options.onPost(url, JSON.parse(init.body as string));
    }
    return usual(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderApp(`/inbox/${chatId}`);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init as RequestInit | undefined)?.method === 'POST' &&
        urlOf(url as RequestInfo).includes('/deals'),
    )
    .map(([url, init]) => [
      urlOf(url as RequestInfo),
      JSON.parse((init as RequestInit).body as string),
    ]);

const cardOf = async (name: string) => screen.findByRole('article', { name }, { timeout: 5000 });

describe('a deal’s move in the chat', () => {
  it('is a card with what was asked and offered, and the viewer’s moves on the newest one only', async () => {
    openChat();
    const offer = await cardOf('Offer');
    expect(within(offer).getByText('Wedding photography, 6 hours')).toBeTruthy();
    expect(within(offer).getByText('€850.00')).toBeTruthy();
    expect(within(offer).getByText('Total, VAT included')).toBeTruthy();
    expect(within(offer).getByText('From Bright Reach Studio')).toBeTruthy();
    const moves = await within(offer).findByRole('group', { name: 'Your next step' });
    expect(
      within(moves)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Counter', 'Decline']);

    const asked = await cardOf('Quote request');
    expect(within(asked).getByText('From you')).toBeTruthy();
    expect(within(asked).getByText('Photos of our wedding, 80 guests.')).toBeTruthy();
    expect(within(asked).getByText('€900.00')).toBeTruthy();
    expect(within(asked).queryByRole('button')).toBeNull();
  });

  it('accepts the version it shows, once per client id, and shows a refusal in words beside the card', async () => {
    const fetchMock = openChat(buyer, {
      onPost: () =>
        problem(
          409,
          'OFFER_SUPERSEDED',
          'A newer version of this offer was sent: read it and answer that one.',
        ),
    });
    const offer = await cardOf('Offer');
    fireEvent.click(await within(offer).findByRole('button', { name: 'Accept' }));
    expect((await within(offer).findByRole('alert')).textContent).toBe(
      'A newer version of this offer was sent: read it and answer that one.',
    );
    const [[url, body]] = posts(fetchMock) as [[string, { clientId: string; action: unknown }]];
    expect(url).toBe(`/api/v1/deals/${dealId}/actions`);
    expect(body.action).toEqual({ type: 'accept', version: 1 });
    expect(body.clientId).toMatch(/^deal-[0-9a-f-]{36}$/);
  });

  it('counters from the terms that stand, and keeps what was typed when the move is refused', async () => {
    const fetchMock = openChat(buyer, {
      onPost: () =>
        problem(
          409,
          'OFFER_EXPIRED',
          'This offer is no longer valid: its time to accept it has passed.',
        ),
    });
    const offer = await cardOf('Offer');
    fireEvent.click(await within(offer).findByRole('button', { name: 'Counter' }));
    const form = await screen.findByRole('dialog', { name: 'Counter the offer' });
    const price = within(form).getByLabelText(/^Price, total with VAT/);
    expect((price as HTMLInputElement).value).toBe('850');
    fireEvent.change(price, { target: { value: '700' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This offer is no longer valid: its time to accept it has passed.',
    );
    expect(within(form).getByLabelText<HTMLInputElement>(/^Price, total with VAT/).value).toBe(
      '700',
    );
    const [[, body]] = posts(fetchMock) as [[string, { action: unknown }]];
    expect(body.action).toEqual({
      type: 'counter',
      version: 1,
      terms: { ...version.terms, price: { amount: 70_000, currency: 'EUR' }, validDays: 7 },
    });
  });

  it('draws no move once the offer has lapsed on the viewer’s clock', async () => {
    const lapsed = { ...version, validUntil: new Date(Date.now() - 1000).toISOString() };
    openChat(buyer, { deal: { ...deal, versions: [lapsed] } });
    const offer = await cardOf('Offer');
    await waitFor(() => expect(within(offer).queryByRole('progressbar')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(offer).queryByRole('button')).toBeNull();
  });

  it('hides every move, and the quote button, in a chat the viewer blocked', async () => {
    const fetchMock = openChat(buyer, { chat: { ...chat, blockedAt: sentAt } });
    const offer = await cardOf('Offer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(offer).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => urlOf(url as RequestInfo).includes('/deals/')),
    ).toBe(false);
  });

  it('sends a quote request naming one of the business’s services', async () => {
    const answer: DealMoveResponse = { deal, message: requested };
    const fetchMock = openChat(buyer, {
      onPost: () =>
        new Response(JSON.stringify(answer), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Request a quote' }, { timeout: 5000 }),
    );
    const form = await screen.findByRole('dialog', {
      name: 'Request a quote from Bright Reach Studio',
    });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Service' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Wedding photography · €800.00' }));
    fireEvent.change(within(form).getByLabelText(/^What do you need/), {
      target: { value: 'Photos, 80 guests.' },
    });
    fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: '2030-06-01' } });
    fireEvent.change(within(form).getByLabelText(/^Where/), { target: { value: 'Sintra' } });
    fireEvent.change(within(form).getByLabelText(/^Budget/), { target: { value: '900' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [[url, body]] = posts(fetchMock) as [[string, Record<string, unknown>]];
    expect(url).toBe('/api/v1/deals');
    expect(body).toMatchObject({
      partnerId: business.id,
      action: {
        type: 'request',
        request: {
          serviceId: '01900000-0000-7000-8000-0000000000f1',
          need: 'Photos, 80 guests.',
          when: { from: '2030-06-01', to: '2030-06-01' },
          where: 'Sintra',
          budget: { amount: 90_000, currency: 'EUR' },
        },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a completed deal in the chat', () => {
  it('points to /deals, where its reviews are written', async () => {
    const confirmed: Message = {
      ...requested,
      id: '01900000-0000-7000-8000-0000000000c9',
      clientId: 'deal-confirm',
      deal: {
        dealId,
        event: {
          kind: 'deal_confirmed',
          actor: 'buyer',
          from: 'delivered',
          to: 'completed',
          at: sentAt,
        },
        terms: version.terms,
        serviceName: null,
      },
    };
    stubApi(buyer, {
      '/api/v1/chats?': { items: [{ ...chat, lastMessage: confirmed }], nextCursor: null },
      [`/api/v1/chats/${chatId}/messages`]: { items: [confirmed], hasMore: false },
      [`/api/v1/chats/${chatId}/read`]: null,
      [`/api/v1/chats/${chatId}`]: { chat: { ...chat, lastMessage: confirmed } },
      [`/api/v1/deals/${dealId}`]: { deal: { ...deal, status: 'completed', actions: [] } },
    });
    const { router } = renderApp(`/inbox/${chatId}`);
    const card = await cardOf('Deal confirmed');
    fireEvent.click(within(card).getByRole('link', { name: 'Review this deal under Deals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'));
    expect(router.state.location.search).toBe('?tab=completed');
  });
});

describe('/deals', () => {
  const upcoming: Deal = {
    ...deal,
    status: 'upcoming',
    accepted: { version: 1, at: sentAt },
    actions: [{ type: 'deliver' }, { type: 'cancel' }],
  };

  it('lists a tab’s deals with both people, the price, VAT said once and the date, and the business marks one delivered', async () => {
    const fetchMock = stubApi(seller, {
      '/api/v1/deals?tab=upcoming': {
        items: [upcoming, { ...upcoming, id: '01900000-0000-7000-8000-0000000000e2' }],
        nextCursor: null,
      },
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? new Response(
            JSON.stringify({
              deal: { ...upcoming, status: 'delivered', actions: [] },
              message: offered,
            }),
            { status: 201, headers: { 'content-type': 'application/json' } },
          )
        : answer(input, init),
    );
    renderApp('/deals');
    expect(
      await screen.findByRole('heading', { name: 'Deals', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Upcoming', selected: true })).toBeTruthy();
    const [first] = await screen.findAllByRole('article', { name: 'Wedding photography, 6 hours' });
    expect(within(first!).getByText('Bright Reach Studio')).toBeTruthy();
    expect(within(first!).getByText('Ana Silva')).toBeTruthy();
    expect(within(first!).getByText('€850.00')).toBeTruthy();
    expect(within(first!).getByText('1 Jun 2030')).toBeTruthy();
    expect(
      within(first!).getByRole('link', { name: 'Summary (not an invoice)' }).getAttribute('href'),
    ).toBe(`/api/v1/deals/${dealId}/summary`);
    const pdf = within(first!).getByRole('link', { name: 'Summary as PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/v1/deals/${dealId}/summary.pdf`);
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(screen.getAllByText('Prices are totals with VAT included.')).toHaveLength(1);

    fireEvent.click(within(first!).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() =>
      expect(posts(fetchMock)).toEqual([
        [
          `/api/v1/deals/${dealId}/actions`,
          { clientId: expect.stringMatching(/^deal-/), action: { type: 'deliver' } },
        ],
      ]),
    );
  });

  it('reads another tab from the address, in Portuguese too, and says when it is empty', async () => {
    await setLanguage('pt');
    stubApi(buyer, { '/api/v1/deals?tab=completed': { items: [], nextCursor: null } });
    renderApp('/deals?tab=completed');
    expect(
      await screen.findByRole('tab', { name: 'Concluídos', selected: true }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Ainda nenhum acordo concluído.')).toBeTruthy();
  });

  describe('a move with a reason', () => {
    const delivered: Deal = {
      ...upcoming,
      status: 'delivered',
      delivery: {
        at: sentAt,
        problemWindowEndsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
      actions: [{ type: 'confirm' }, { type: 'report_problem' }],
    };
    type ReasonBody = { clientId: string; action: { type: string; reason: string } };

    /** `/deals` on `tab` with `shown` in it, the server answering the viewer's moves with `onPost`. */
    function dealsTab(
      user: PrivateUser,
      tab: 'upcoming' | 'delivered',
      shown: Deal,
      onPost: (body: ReasonBody) => Response,
    ) {
      const fetchMock = stubApi(user, {
        [`/api/v1/deals?tab=${tab}`]: { items: [shown], nextCursor: null },
      });
      const answer = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) =>
        init?.method === 'POST'
          ? onPost(JSON.parse(init.body as string) as ReasonBody)
          : answer(input, init),
      );
      renderApp(tab === 'upcoming' ? '/deals' : `/deals?tab=${tab}`);
      return fetchMock;
    }

    /** The server's answer to a move that took: the deal after it and the move's chat message. */
    function taken(
      user: PrivateUser,
      after: Deal,
      kind: 'deal_cancelled' | 'problem_reported',
      reason: string,
    ) {
      const at = new Date().toISOString();
      const answer: DealMoveResponse = {
        deal: after,
        message: moveMessage({
          id: '01900000-0000-7000-8000-0000000000c7',
          chatId,
          senderId: user.id,
          clientId: 'deal-reason',
          createdAt: at,
          dealId,
          event: {
            kind,
            actor: user.role === 'buyer' ? 'buyer' : 'business',
            from: kind === 'deal_cancelled' ? 'upcoming' : 'delivered',
            to: kind === 'deal_cancelled' ? 'cancelled' : 'problem_reported',
            at,
            reason,
          },
          terms: version.terms,
        }),
      };
      return new Response(JSON.stringify(answer), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }

    const cardIn = async () =>
      screen.findByRole('article', { name: 'Wedding photography, 6 hours' }, { timeout: 5000 });
    const reasonIn = (form: HTMLElement) =>
      within(form).getByRole<HTMLTextAreaElement>('textbox', { name: /^Reason/ });

    /** Sends `reason` from the form: one request carries it with the move, and the form closes. */
    async function sendsReason(
      form: HTMLElement,
      fetchMock: ReturnType<typeof dealsTab>,
      type: 'cancel' | 'report_problem',
      reason: string,
    ) {
      fireEvent.change(reasonIn(form), { target: { value: reason } });
      expect(reasonIn(form).getAttribute('aria-invalid')).toBe('false');
      fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(posts(fetchMock)).toEqual([
        [
          `/api/v1/deals/${dealId}/actions`,
          { clientId: expect.stringMatching(/^deal-[0-9a-f-]{36}$/), action: { type, reason } },
        ],
      ]);
    }

    it('cancels an upcoming deal with the reason the client writes, and closes the form', async () => {
      const reason = 'The venue closed; we moved the wedding to next year.';
      const fetchMock = dealsTab(
        buyer,
        'upcoming',
        { ...upcoming, actions: [{ type: 'cancel' }] },
        ({ action }) =>
          taken(
            buyer,
            {
              ...upcoming,
              status: 'cancelled',
              cancellation: { by: 'buyer', reason: action.reason, at: sentAt },
              actions: [],
            },
            'deal_cancelled',
            action.reason,
          ),
      );
      const card = await cardIn();
      expect(screen.queryByRole('dialog')).toBeNull();
      fireEvent.click(within(card).getByRole('button', { name: 'Cancel deal' }));
      const form = await screen.findByRole('dialog', { name: 'Cancel this deal' });
      expect(
        within(form).getByText('Both of you see the reason. Cancellations are counted.'),
      ).toBeTruthy();
      expect(reasonIn(form).required).toBe(true);
      expect(reasonIn(form).value).toBe('');

      // A blank reason, or one of spaces, is said under the field at once, and nothing is sent.
      for (const blank of ['', '   ']) {
        fireEvent.change(reasonIn(form), { target: { value: blank } });
        fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
        const field = await within(form).findByRole<HTMLTextAreaElement>('textbox', {
          name: /^Reason/,
          description: 'Write the reason: both of you see it.',
        });
        expect(field.getAttribute('aria-invalid')).toBe('true');
      }
      expect(posts(fetchMock)).toEqual([]);

      await sendsReason(form, fetchMock, 'cancel', reason);
      expect(await screen.findByText('Deal cancelled.')).toBeTruthy();
    });

    it('reports a problem with a delivered deal in the client’s words, and closes the form', async () => {
      const reason = 'Only 120 of the 300 photos were delivered.';
      const fetchMock = dealsTab(buyer, 'delivered', delivered, ({ action }) =>
        taken(
          buyer,
          {
            ...delivered,
            status: 'problem_reported',
            problem: { reason: action.reason, at: sentAt },
            actions: [{ type: 'confirm' }, { type: 'cancel' }],
          },
          'problem_reported',
          action.reason,
        ),
      );
      const card = await cardIn();
      const moves = within(card).getByRole('group', { name: 'Your next step' });
      expect(
        within(moves)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Confirm it is done', 'Report a problem']);
      fireEvent.click(within(moves).getByRole('button', { name: 'Report a problem' }));
      const form = await screen.findByRole('dialog', { name: 'Report a problem' });
      expect(
        within(form).getByText(
          'Say what went wrong. The deal stays open until you confirm it or one of you cancels it.',
        ),
      ).toBeTruthy();
      expect(reasonIn(form).required).toBe(true);

      await sendsReason(form, fetchMock, 'report_problem', reason);
      expect(await screen.findByText('Problem reported.')).toBeTruthy();
    });

    it('keeps the form open with the reason typed when the server refuses the cancellation, and says why', async () => {
      const reason = 'Our photographer is ill on that day.';
      const refusal = 'This deal cannot take that step now. Reload it to see what you can do.';
      const fetchMock = dealsTab(seller, 'upcoming', upcoming, () =>
        problem(409, 'INVALID_TRANSITION', refusal),
      );
      const card = await cardIn();
      fireEvent.click(within(card).getByRole('button', { name: 'Cancel deal' }));
      const form = await screen.findByRole('dialog', { name: 'Cancel this deal' });
      fireEvent.change(reasonIn(form), { target: { value: reason } });
      fireEvent.click(within(form).getByRole('button', { name: 'Send' }));

      expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
      expect(screen.getByRole('dialog', { name: 'Cancel this deal' })).toBe(form);
      expect(reasonIn(form).value).toBe(reason);
      expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(
        false,
      );
      expect(posts(fetchMock)).toEqual([
        [
          `/api/v1/deals/${dealId}/actions`,
          { clientId: expect.stringMatching(/^deal-/), action: { type: 'cancel', reason } },
        ],
      ]);
      expect(screen.queryByText('Deal cancelled.')).toBeNull();
    });

    it('shows the server’s words about the reason under its field, keeping what was typed', async () => {
      // Pasted text with a control character in it: the server names the field it refuses.
      const reason = 'The album arrived damaged.\u0007';
      const fieldWords = 'Remove the invisible control character U+0007.';
      const fetchMock = dealsTab(
        buyer,
        'delivered',
        delivered,
        () =>
          new Response(
            JSON.stringify({
              type: '/api/errors#validation-failed',
              title: 'No',
              status: 400,
              code: 'VALIDATION_FAILED',
              detail: 'Some fields are missing or invalid.',
              errors: { 'action.reason': fieldWords },
            }),
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          ),
      );
      const card = await cardIn();
      fireEvent.click(within(card).getByRole('button', { name: 'Report a problem' }));
      const form = await screen.findByRole('dialog', { name: 'Report a problem' });
      expect(reasonIn(form).getAttribute('aria-invalid')).toBe('false');
      fireEvent.change(reasonIn(form), { target: { value: reason } });
      fireEvent.click(within(form).getByRole('button', { name: 'Send' }));

      const field = await within(form).findByRole<HTMLTextAreaElement>('textbox', {
        name: /^Reason/,
        description: fieldWords,
      });
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.value).toBe(reason);
      expect(within(form).getByRole('alert').textContent).toBe(
        'Some fields are missing or invalid.',
      );
      const [[, body]] = posts(fetchMock) as [[string, ReasonBody]];
      expect(body.action).toEqual({ type: 'report_problem', reason });
    });
  });
});
