import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Brief, BriefCandidate, BriefDraft, DealMoveResponse } from '@maya/contracts';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { loadNamespace, setLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { dealBetween, moveMessage, requestAndOffer } from '../../test/fixtures';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { BriefDialog } from './components/brief-dialog';
import { BriefsLink, GetQuotesButton } from './index';
import { partWords } from './utils/part-words';

// The socket is what leaves the process here: a quiet one that never connects.
vi.mock('../../lib/socket', () => import('../../test/quiet-socket'));

// The form and the screens load on demand: compiled once here, not inside the first test's time.
beforeAll(async () => {
  await Promise.all([
    import('./components/brief-form'),
    import('./components/brief-page'),
    import('@maya/contracts'),
    loadNamespace('deals'),
  ]);
}, 30_000);

afterEach(async () => {
  await setLanguage('en');
});

const id = (n: number) => `01900000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;
const briefId = '01900000-0000-7000-8000-0000000002a1';

const candidate = (n: number, fields: Partial<BriefCandidate> = {}): BriefCandidate => ({
  businessId: id(n),
  name: `Studio ${n}`,
  city: 'Lisbon',
  distanceKm: n,
  rating: { count: 10, average: 4.5 },
  pro: false,
  serviceId: id(50 + n),
  serviceName: 'Wedding photography',
  fromPrice: { amount: 80_000, currency: 'EUR' },
  chosen: n <= 5,
  alreadyAsked: false,
  ...fields,
});

const draft: BriefDraft = {
  need: 'Photos of our wedding, 80 guests',
  service: 'wedding photographer',
  when: { from: '2030-06-01', to: '2030-06-01' },
  where: 'Sintra',
  budget: { amount: 90_000, currency: 'EUR' },
  currency: 'EUR',
  language: 'en',
  candidates: [
    candidate(1),
    candidate(2),
    candidate(3),
    candidate(4, { alreadyAsked: true, chosen: false }),
    candidate(5),
    candidate(6),
    candidate(7, { chosen: false }),
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const problem = (status: number, detail: string, errors?: Record<string, string>) =>
  json(status, {
    type: 'about:blank',
    title: 'No',
    status,
    code: status === 400 ? 'VALIDATION_FAILED' : 'RATE_LIMITED',
    detail,
    ...(errors && { errors }),
  });

function asked(n: number, fields: Partial<Brief['asked'][number]> = {}): Brief['asked'][number] {
  return {
    businessId: id(n),
    name: `Studio ${n}`,
    dealId: id(20 + n),
    chatId: id(30 + n),
    status: 'requested',
    serviceName: 'Wedding photography',
    answer: 'waiting',
    offer: null,
    acceptVersion: null,
    rating: { count: 10, average: 4.5 },
    distanceKm: n,
    ...fields,
  };
}

const offer = (amount: number, from: string) => ({
  title: `Wedding day, ${amount / 100} euros`,
  price: { amount, currency: 'EUR' as const },
  included: 'Ceremony and party, 300 edited photos',
  when: { from, to: from },
  version: 2,
  validUntil: '2030-05-20T12:00:00.000Z',
});

const brief: Brief = {
  id: briefId,
  need: 'Photos of our wedding, 80 guests',
  when: { from: '2030-06-01', to: '2030-06-01' },
  where: 'Sintra',
  budget: { amount: 90_000, currency: 'EUR' },
  currency: 'EUR',
  wanted: ['300 edited photos'],
  priority: 'price',
  answerBy: '2030-05-02T12:00:00.000Z',
  createdAt: '2030-05-01T12:00:00.000Z',
  asked: [
    asked(1, { answer: 'offered', status: 'offered', offer: offer(80_000, '2030-06-01') }),
    asked(2),
    asked(3, { answer: 'declined', status: 'withdrawn' }),
  ],
  skipped: [],
  comparison: { state: 'waiting', answered: 2, of: 3 },
  acceptedDealId: null,
};

const ranked: Brief = {
  ...brief,
  asked: [
    asked(1, {
      answer: 'offered',
      status: 'offered',
      offer: offer(80_000, '2030-06-01'),
      acceptVersion: 2,
    }),
    asked(2, {
      answer: 'offered',
      status: 'offered',
      offer: offer(100_000, '2030-06-03'),
      acceptVersion: 2,
    }),
    asked(3, { answer: 'timed_out', status: 'requested' }),
  ],
  comparison: {
    state: 'ranked',
    ranked: [
      {
        businessId: id(1),
        rank: 1,
        score: 0.93,
        parts: { price: 1, included: 1, date: 1, rating: 0.9, distance: 1 },
      },
      {
        businessId: id(2),
        rank: 2,
        score: 0.71,
        parts: { price: 0.8, included: 1, date: 0.25, rating: 0.9, distance: 0.5 },
      },
    ],
    recommended: id(1),
  },
};

/** The form, as the assistant opens it, in a router that has the brief's screen after it. */
function openForm(text: string, onPost: (url: string, body: any) => Response) {
  stubApi(buyer);
  const usual = globalThis.fetch;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') return onPost(urlOf(input), JSON.parse(init.body as string));
    return usual(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  const BriefShown = () => <p>{`Brief ${useParams().id}`}</p>;
  const router = createMemoryRouter(
    [
      { path: '/assistant', element: <BriefDialog initialText={text} onClose={onClose} /> },
      { path: '/briefs/:id', element: <BriefShown /> },
    ],
    { initialEntries: ['/assistant'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [urlOf(url), JSON.parse(init!.body as string)] as [string, any]);
  return { posts, router, onClose };
}

const answerDraft = (url: string) =>
  url.endsWith('/briefs/draft') ? json(200, { draft }) : json(201, { brief });

const boxOf = (name: RegExp) => screen.getByRole('checkbox', { name });

describe('the entry to a brief', () => {
  const entry = (user: typeof buyer) =>
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <GetQuotesButton user={user} />
          <BriefsLink user={user} />
        </MemoryRouter>
      </I18nextProvider>,
    );

  it('is a client’s: "Get quotes for me" and the way to the briefs sent', async () => {
    entry(buyer);
    expect(await screen.findByRole('button', { name: 'Get quotes for me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quotes Maya gathered' }).getAttribute('href')).toBe(
      '/briefs',
    );
  });

  it('is never shown to a business', async () => {
    entry(seller);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the brief’s form', () => {
  it('reads the description, shows Maya’s reading with her proposed businesses, and sends nothing before the buyer confirms', async () => {
    const { posts } = openForm('', answerDraft);
    const dialog = await screen.findByRole('dialog', { name: /Get quotes for me/ });
    expect(within(dialog).getByText('Maya (AI)')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Read it' }));
    expect(await within(dialog).findByText('Describe what you need.')).toBeTruthy();
    expect(posts()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Describe what you need'), {
      target: { value: 'A wedding photographer in Sintra on 1 June 2030, up to 900 euros' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read it' }));
    await within(dialog).findByText('Maya read this as: wedding photographer');
    expect(posts()).toEqual([
      [
        '/api/v1/briefs/draft',
        { text: 'A wedding photographer in Sintra on 1 June 2030, up to 900 euros' },
      ],
    ]);
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^What you need/).value).toBe(
      'Photos of our wedding, 80 guests',
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Where/).value).toBe('Sintra');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Budget/).value).toBe('900');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^From/).value).toBe('2030-06-01');
    expect(
      within(dialog).getByRole('combobox', { name: /^How long they have to answer/ }).textContent,
    ).toBe('24 hours');
    // The first five Maya proposed are chosen, but the one already asked.
    const chosen = within(dialog)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked);
    expect(chosen).toHaveLength(4);
    expect(within(dialog).getByRole('button', { name: 'Send to 4 businesses' })).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('lets the buyer choose at most five, and never one already asked, saying why', async () => {
    openForm('A wedding photographer in Sintra', answerDraft);
    await screen.findByText('Maya read this as: wedding photographer');
    const studio4 = boxOf(/^Studio 4/) as HTMLInputElement;
    expect(studio4.disabled).toBe(true);
    expect(screen.getByText('You already have an open request with this business.')).toBeTruthy();

    fireEvent.click(boxOf(/^Studio 7/));
    expect((boxOf(/^Studio 7/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('You have chosen 5, the most one brief may ask.')).toBeTruthy();
    // Five are chosen: the sixth waits until one is let go.
    expect((boxOf(/^Studio 6/) as HTMLInputElement).checked).toBe(false);
    expect((boxOf(/^Studio 6/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(boxOf(/^Studio 1/));
    expect(screen.getByRole('button', { name: 'Send to 4 businesses' })).toBeTruthy();
    fireEvent.click(boxOf(/^Studio 1/));
    expect(screen.getByRole('button', { name: 'Send to 5 businesses' })).toBeTruthy();
  });

  it('looks again for businesses near a new place once the buyer leaves the field, keeping the rest, and says so', async () => {
    let answer: (response: Response) => void = () => undefined;
    const nearCascais: BriefDraft = {
      ...draft,
      where: 'Cascais',
      candidates: [
        candidate(8, { city: 'Cascais', chosen: true }),
        candidate(9, { city: 'Cascais', chosen: true }),
      ],
    };
    const { posts } = openForm('A wedding photographer in Sintra', (url, body) =>
      url.endsWith('/briefs/draft') && body.where
        ? (new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response)
        : answerDraft(url),
    );
    await screen.findByText('Maya read this as: wedding photographer');
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: '1000' } });
    const where = screen.getByLabelText(/^Where/);
    fireEvent.change(where, { target: { value: 'Cas' } });
    fireEvent.change(where, { target: { value: 'Cascais ' } });
    // Not at each key: only once the field is left.
    expect(posts()).toHaveLength(1);
    fireEvent.blur(where);
    expect(posts().at(-1)).toEqual([
      '/api/v1/briefs/draft',
      { text: 'Photos of our wedding, 80 guests', where: 'Cascais' },
    ]);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(
      'Looking for businesses near Cascais… Everything else you wrote stays as it is.',
    );
    answer(json(200, { draft: nearCascais }));
    expect(await screen.findByText(/^Maya found 2 businesses near Cascais/)).toBeTruthy();
    expect(boxOf(/^Studio 8/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /^Studio 1/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send to 2 businesses' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Budget/).value).toBe('1000');
    expect(screen.getByLabelText<HTMLInputElement>(/^Where/).value).toBe('Cascais ');
    // The same place left again asks nothing more.
    fireEvent.blur(where);
    expect(posts()).toHaveLength(2);
  });

  it('names no number on Send while no business is chosen', async () => {
    openForm('A wedding photographer in Sintra', answerDraft);
    await screen.findByText('Maya read this as: wedding photographer');
    for (const box of screen.getAllByRole<HTMLInputElement>('checkbox', { name: /^Studio/ }))
      if (box.checked) fireEvent.click(box);
    expect(screen.getByRole('button', { name: 'Send: choose a business first' })).toBeTruthy();
  });

  it('keeps a brief with a field at fault, says so under it and focuses it, and sends nothing', async () => {
    const { posts } = openForm('A wedding photographer in Sintra', answerDraft);
    await screen.findByText('Maya read this as: wedding photographer');
    fireEvent.change(screen.getByLabelText(/^Where/), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/^Budget/), { target: { value: 'nine hundred' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 4 businesses' }));
    expect(await screen.findByText('Say where.')).toBeTruthy();
    expect(screen.getByText('Write an amount such as 400 or 400.50.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Where/)));
    expect(posts().filter(([url]) => url === '/api/v1/briefs')).toEqual([]);
  });

  it('sends the brief as confirmed, with what must be included and the priority, then opens it', async () => {
    const { posts, router } = openForm('A wedding photographer in Sintra', answerDraft);
    await screen.findByText('Maya read this as: wedding photographer');
    fireEvent.change(screen.getByLabelText(/^Must be included/), {
      target: { value: '300 edited photos' },
    });
    fireEvent.keyDown(screen.getByLabelText(/^Must be included/), { key: 'Enter' });
    expect(screen.getByText('300 edited photos')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'My dates' }));
    fireEvent.click(boxOf(/^Studio 5/));
    expect(posts().filter(([url]) => url === '/api/v1/briefs')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send to 3 businesses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/briefs/${briefId}`));
    const [sent] = posts().filter(([url]) => url === '/api/v1/briefs');
    expect(sent?.[1]).toEqual({
      clientId: expect.stringMatching(/^brief-[0-9a-f-]{36}$/),
      need: 'Photos of our wedding, 80 guests',
      when: { from: '2030-06-01', to: '2030-06-01' },
      where: 'Sintra',
      budget: { amount: 90_000, currency: 'EUR' },
      wanted: ['300 edited photos'],
      priority: 'date',
      answerWithinHours: 24,
      businesses: [1, 2, 3].map((n) => ({ businessId: id(n), serviceId: id(50 + n) })),
    });
  });

  it('shows the server’s field message under its field, focused, and keeps what was typed', async () => {
    openForm('A wedding photographer in Sintra', (url) =>
      url.endsWith('/briefs/draft')
        ? json(200, { draft })
        : problem(400, 'Check the brief.', { 'when.from': 'No business can answer before then.' }),
    );
    await screen.findByText('Maya read this as: wedding photographer');
    fireEvent.change(screen.getByLabelText(/^Where/), { target: { value: 'Cascais' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 4 businesses' }));
    expect(await screen.findByText('No business can answer before then.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^From/)));
    expect(screen.getByLabelText<HTMLInputElement>(/^Where/).value).toBe('Cascais');
  });

  it('puts a description Maya cannot read under the description', async () => {
    const { posts } = openForm('hello', () =>
      problem(400, 'Maya could not tell what you need.', {
        text: 'Say which service you need, such as a photographer.',
      }),
    );
    expect(
      await screen.findByText('Say which service you need, such as a photographer.'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('is in Portuguese for a Portuguese reader', async () => {
    await setLanguage('pt');
    await loadNamespace('deals');
    openForm('Fotógrafo de casamento em Sintra', answerDraft);
    await screen.findByText('A Maya entendeu: wedding photographer');
    expect(screen.getByText('Maya (IA)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar para 4 empresas' })).toBeTruthy();
  });
});

describe('a brief’s screen', () => {
  it('says how many have answered and where each answer stands, with its chat, while waiting', async () => {
    stubApi(buyer, { [`/api/v1/briefs/${briefId}`]: { brief } });
    renderApp(`/briefs/${briefId}`);
    expect(await screen.findByText('2 of 3 answered', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Maya (AI)')).toBeTruthy();
    const items = screen
      .getAllByRole('listitem')
      .filter((item) => /Studio \d/.test(item.textContent ?? ''));
    expect(
      items.map(
        (item) => within(item).getAllByText(/^(Offered|Waiting|Declined)$/)[0]!.textContent,
      ),
    ).toEqual(['Offered', 'Waiting', 'Declined']);
    expect(screen.getByRole('link', { name: 'Open chat: Studio 2' }).getAttribute('href')).toBe(
      `/inbox/${id(32)}`,
    );
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(
      screen.getByText(
        /the order the answers arrived in and a business's plan do not change the ranking/,
      ),
    ).toBeTruthy();
  });

  it('ranks the offers once all have answered, marks Maya’s recommendation and says why in words', async () => {
    stubApi(buyer, { [`/api/v1/briefs/${briefId}`]: { brief: ranked } });
    renderApp(`/briefs/${briefId}`);
    const first = await screen.findByRole('listitem', { name: 'Studio 1' }, { timeout: 5000 });
    expect(within(first).getByText('No. 1')).toBeTruthy();
    expect(within(first).getByText('Maya recommends')).toBeTruthy();
    expect(within(first).getByText('€800.00')).toBeTruthy();
    expect(within(first).getByText('cheapest')).toBeTruthy();
    expect(within(first).getByText('on your date')).toBeTruthy();
    expect(within(first).getByText('includes all you asked for')).toBeTruthy();
    expect(within(first).getByText('nearest')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Studio 2' });
    expect(within(second).getByText('No. 2')).toBeTruthy();
    expect(within(second).queryByText('Maya recommends')).toBeNull();
    expect(within(second).getByText('close to the cheapest')).toBeTruthy();
    expect(within(second).getByText('3 days from your date')).toBeTruthy();
    expect(screen.getByText('Not ranked')).toBeTruthy();
    expect(screen.getByText('No answer in time')).toBeTruthy();
  });

  it('accepts the version the brief names, then shows the deal chosen with the way to /deals', async () => {
    const { request, version, sentAt } = requestAndOffer({
      need: brief.need,
      where: brief.where,
      budget: 90_000,
      title: 'Wedding day',
      included: 'Ceremony and party',
    });
    const business = { id: id(1), fullName: 'Studio 1' };
    const deal = dealBetween(buyer, business, {
      id: id(21),
      chatId: id(31),
      status: 'upcoming',
      request,
      versions: [version],
      accepted: { version: 1, at: sentAt },
      createdAt: sentAt,
    });
    const message = moveMessage({
      id: id(90),
      chatId: id(31),
      senderId: buyer.id,
      clientId: 'deal-accept',
      createdAt: sentAt,
      dealId: id(21),
      event: {
        kind: 'offer_accepted',
        actor: 'buyer',
        from: 'offered',
        to: 'upcoming',
        at: sentAt,
        version: 1,
      },
    });
    let current = ranked;
    const usual = stubApi(buyer);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = urlOf(input);
      if (init?.method === 'POST' && url.endsWith(`/deals/${id(21)}/actions`)) {
        current = {
          ...ranked,
          acceptedDealId: id(21),
          asked: ranked.asked.map((one) =>
            one.dealId === id(21) ? { ...one, answer: 'accepted', acceptVersion: null } : one,
          ),
        };
        return json(200, { deal, message } satisfies DealMoveResponse);
      }
      if (url.endsWith(`/briefs/${briefId}`)) return json(200, { brief: current });
      return usual(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(`/briefs/${briefId}`);
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Accept the offer of Studio 1' },
        { timeout: 5000 },
      ),
    );
    expect(await screen.findByText('You chose this offer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it under Deals' }).getAttribute('href')).toBe(
      '/deals',
    );
    expect(screen.queryByRole('button', { name: /^Accept the offer/ })).toBeNull();
    const [accepted] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(accepted?.[1]?.body as string)).toEqual({
      clientId: expect.stringMatching(/^deal-/),
      action: { type: 'accept', version: 2 },
    });
  });
});

describe('why an offer ranks where it does', () => {
  const words = (
    parts: Parameters<typeof partWords>[0],
    fields: Partial<Brief> = {},
    facts: Partial<Brief['asked'][number]> = {},
  ) =>
    partWords(
      parts,
      { offer: offer(90_000, '2030-06-01'), rating: null, distanceKm: null, ...facts },
      { currency: 'EUR', wanted: [], priority: 'date', ...fields },
      {
        t: (key, values) => i18n.t(`briefs.${key}`, { ns: 'deals', ...values }),
        rating: String,
        kilometres: String,
      },
    ).map(({ words }) => words);

  it('starts with what matters most and says nothing of what was not asked for', () => {
    expect(words({ price: 0.5, included: 1, date: 0.5, rating: 0.8, distance: 0.5 })).toEqual([
      '1 day from your date',
      'costs more than others',
      'no reviews yet',
      'distance unknown',
    ]);
  });

  it('names an offer in another currency, and what it includes of what was wanted', () => {
    expect(
      words(
        { price: 0, included: 0.5, date: 1, rating: 0.9, distance: 1 },
        { priority: 'price', wanted: ['album', 'drone'] },
        {
          offer: { ...offer(90_000, '2030-06-01'), price: { amount: 90_000, currency: 'BRL' } },
          distanceKm: 0,
        },
      ),
    ).toEqual([
      'in another currency',
      'includes some of what you asked for',
      'on your date',
      'no reviews yet',
      'nearest',
    ]);
  });
});
