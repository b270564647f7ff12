import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Deal, DealReviews, PublicProfile, Review } from '@maya/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { sellerProfile } from '../../test/fixtures';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

// The socket is what leaves the process here: a quiet one that never connects.
vi.mock('../../lib/socket', () => ({
  getSocket: () => ({
    connected: false,
    on: () => undefined,
    off: () => undefined,
    emit: () => undefined,
  }),
  closeSocket: () => undefined,
  connectSocket: () => undefined,
}));

beforeAll(async () => {
  await Promise.all([loadNamespace('deals'), loadNamespace('reviews')]);
}, 30_000);

afterEach(async () => {
  await setLanguage('en');
});

const dealId = '01900000-0000-7000-8000-0000000000e1';
const chatId = '01900000-0000-7000-8000-0000000000d1';
const at = '2030-06-02T10:00:00.000Z';
const windowEndsAt = '2030-06-16T10:00:00.000Z';
const title = 'Wedding photography, 6 hours';

const completed: Deal = {
  id: dealId,
  chatId,
  buyerId: buyer.id,
  businessId: sellerProfile.id,
  buyer: { id: buyer.id, name: buyer.fullName, deleted: false },
  business: { id: sellerProfile.id, name: sellerProfile.fullName, deleted: false },
  serviceId: null,
  serviceName: null,
  status: 'completed',
  request: null,
  versions: [
    {
      number: 1,
      by: 'business',
      terms: {
        title,
        price: { amount: 85_000, currency: 'EUR' },
        included: 'Ceremony and party.',
        when: { from: '2030-06-01', to: '2030-06-01' },
      },
      sentAt: at,
      validUntil: windowEndsAt,
    },
  ],
  accepted: { version: 1, at },
  delivery: null,
  problem: null,
  cancellation: null,
  actions: [],
  createdAt: at,
  updatedAt: at,
};

const review = (side: 'buyer' | 'business', overrides: Partial<Review> = {}): Review => ({
  id:
    side === 'buyer'
      ? '01900000-0000-7000-8000-0000000000b1'
      : '01900000-0000-7000-8000-0000000000b2',
  dealId,
  side,
  rating: side === 'buyer' ? 4 : 5,
  text: side === 'buyer' ? 'Lovely photos, a day late.' : 'A clear brief and on time.',
  author:
    side === 'buyer'
      ? { id: buyer.id, name: buyer.fullName, former: false }
      : { id: sellerProfile.id, name: sellerProfile.fullName, former: false },
  reply: null,
  createdAt: at,
  updatedAt: at,
  publishedAt: null,
  removedAt: null,
  ...overrides,
});

const open: DealReviews = {
  status: 'waiting',
  windowEndsAt,
  mine: null,
  theirs: null,
  canWrite: true,
  canReply: false,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
}

function problem(status: number, code: string, detail: string, errors?: Record<string, string>) {
  return json({ type: `/api/errors#${code}`, title: 'No', status, code, detail, errors }, status);
}

/** /deals?tab=completed with one completed deal whose reviews the server answers as given. */
function completedTab(
  user = buyer,
  reviews: DealReviews,
  onWrite?: (url: string, body: unknown) => Response,
) {
  const usual = stubApi(user, {
    '/api/v1/deals?tab=completed': { items: [completed], nextCursor: null },
    [`/api/v1/deal-reviews/${dealId}`]: reviews,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if ((init?.method === 'PUT' || init?.method === 'POST') && onWrite) {
      return onWrite(url, JSON.parse(init.body as string));
    }
    return usual(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderApp('/deals?tab=completed');
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter(([, init]) => ['PUT', 'POST'].includes((init as RequestInit | undefined)?.method ?? ''))
    .map(([url, init]) => [
      urlOf(url as RequestInfo),
      (init as RequestInit).method,
      JSON.parse((init as RequestInit).body as string),
    ]);

const dealCard = () => screen.findByRole('article', { name: title }, { timeout: 5000 });

describe('a completed deal’s reviews on /deals', () => {
  it('asks for stars before sending, keeps the words after a refusal, and then waits for the other side', async () => {
    let refuse = true;
    const fetchMock = completedTab(buyer, open, () => {
      if (refuse) {
        refuse = false;
        return problem(409, 'CONFLICT', 'The time to review this deal has passed.');
      }
      return json({
        ...open,
        mine: review('buyer'),
      } satisfies DealReviews);
    });
    const deal = await dealCard();
    const section = await within(deal).findByRole(
      'region',
      { name: 'Review this deal' },
      { timeout: 5000 },
    );
    const words = within(section).getByLabelText(/^Your review/);
    fireEvent.change(words, { target: { value: 'Lovely photos, a day late.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send review' }));
    expect(await within(section).findByText('Choose from 1 to 5 stars.')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);

    fireEvent.click(within(section).getByRole('radio', { name: '4 stars out of 5' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Send review' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The time to review this deal has passed.',
    );
    expect(within(section).getByLabelText<HTMLTextAreaElement>(/^Your review/).value).toBe(
      'Lovely photos, a day late.',
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Send review' }));
    expect(
      await within(deal).findByText(
        'Waiting for the other side: both reviews appear together once they write theirs, or on 16 Jun 2030.',
      ),
    ).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      [
        `/api/v1/deal-reviews/${dealId}/mine`,
        'PUT',
        { rating: 4, text: 'Lovely photos, a day late.' },
      ],
      [
        `/api/v1/deal-reviews/${dealId}/mine`,
        'PUT',
        { rating: 4, text: 'Lovely photos, a day late.' },
      ],
    ]);
    const mine = within(deal).getByRole('article', { name: 'Your review' });
    expect(within(mine).getByText('Lovely photos, a day late.')).toBeTruthy();
    expect(within(mine).getByRole('img', { name: '4 stars out of 5' })).toBeTruthy();
    expect(within(deal).queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('shows the server’s word on a field beside that field', async () => {
    completedTab(buyer, open, () =>
      problem(400, 'VALIDATION_FAILED', 'Some fields are invalid.', {
        text: 'Use at most 2000 characters.',
      }),
    );
    const section = await within(await dealCard()).findByRole(
      'region',
      { name: 'Review this deal' },
      { timeout: 5000 },
    );
    fireEvent.click(within(section).getByRole('radio', { name: '2 stars out of 5' }));
    fireEvent.change(within(section).getByLabelText(/^Your review/), {
      target: { value: 'Too long' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Send review' }));
    const field = within(section).getByLabelText(/^Your review/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText('Use at most 2000 characters.')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows both published reviews, unchangeable, and lets the business reply once', async () => {
    const published: DealReviews = {
      status: 'published',
      windowEndsAt,
      mine: review('business', { publishedAt: at }),
      theirs: review('buyer', { publishedAt: at }),
      canWrite: false,
      canReply: true,
    };
    const fetchMock = completedTab(seller, published, () =>
      json({
        ...published,
        theirs: review('buyer', { publishedAt: at, reply: { text: 'Thank you, Ana!', at } }),
        canReply: false,
      } satisfies DealReviews),
    );
    const deal = await dealCard();
    const theirs = await within(deal).findByRole(
      'article',
      { name: 'Review by Ana Silva' },
      { timeout: 5000 },
    );
    expect(within(theirs).getByText('Lovely photos, a day late.')).toBeTruthy();
    expect(
      within(within(deal).getByRole('article', { name: 'Your review' })).getByText(
        'A clear brief and on time.',
      ),
    ).toBeTruthy();
    expect(within(deal).queryByRole('button', { name: /Send review|Edit your review/ })).toBeNull();

    fireEvent.click(within(deal).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(deal).getByLabelText(/^Your reply/), {
      target: { value: 'Thank you, Ana!' },
    });
    fireEvent.click(within(deal).getByRole('button', { name: 'Publish reply' }));
    expect(await within(deal).findByText('Reply from Bright Reach Studio')).toBeTruthy();
    expect(within(deal).getByText('Thank you, Ana!')).toBeTruthy();
    expect(within(deal).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(writes(fetchMock)).toEqual([
      [`/api/v1/deal-reviews/${dealId}/reply`, 'POST', { text: 'Thank you, Ana!' }],
    ]);
  });

  it('tells the author their review was taken down after a report, and lets them report the other side’s', async () => {
    completedTab(buyer, {
      status: 'published',
      windowEndsAt,
      mine: review('buyer', { publishedAt: at, removedAt: at }),
      theirs: review('business', { publishedAt: at }),
      canWrite: false,
      canReply: false,
    });
    const deal = await dealCard();
    const mine = await within(deal).findByRole(
      'article',
      { name: 'Your review' },
      { timeout: 5000 },
    );
    expect(within(mine).getByText('Taken down after a report.')).toBeTruthy();
    expect(
      within(mine)
        .getByRole('link', { name: 'See the decision and how to appeal' })
        .getAttribute('href'),
    ).toBe('/account#decisions');
    expect(within(mine).queryByRole('button', { name: /^Report/ })).toBeNull();
    const theirs = within(deal).getByRole('article', { name: 'Review by Bright Reach Studio' });
    expect(
      within(theirs).getByRole('button', { name: 'Report the review by Bright Reach Studio' }),
    ).toBeTruthy();
  });

  it('says when the window closed with nothing written, in Portuguese too', async () => {
    await setLanguage('pt');
    completedTab(buyer, { ...open, status: 'closed', canWrite: false });
    const deal = await dealCard();
    expect(
      await within(deal).findByText(
        'O prazo para avaliar este acordo terminou.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(within(deal).queryByRole('textbox')).toBeNull();
  });
});

const rated: PublicProfile = { ...sellerProfile, rating: { average: 4.5, count: 2 } };

describe('a business’s rating and reviews', () => {
  it('shows the average and count on its directory card', async () => {
    stubApi(buyer, { '/api/v1/users?': { items: [rated], nextCursor: null } });
    renderApp('/sellers');
    const card = await screen.findByRole('article', {}, { timeout: 5000 });
    expect(within(card).getByText('4.5 out of 5 · 2 reviews')).toBeTruthy();
  });

  it('lists the published reviews on the profile, a deleted client’s as a former client’s, with the reply, in Portuguese', async () => {
    await setLanguage('pt');
    stubApi(buyer, {
      [`/api/v1/users/${sellerProfile.id}/reviews`]: {
        rating: rated.rating,
        items: [
          review('buyer', { publishedAt: at, reply: { text: 'Obrigado!', at } }),
          review('buyer', {
            id: '01900000-0000-7000-8000-0000000000b3',
            rating: 5,
            text: 'Perfeito.',
            author: { id: null, name: '', former: true },
            publishedAt: at,
          }),
        ],
      },
      [`/api/v1/users/${sellerProfile.id}`]: rated,
    });
    renderApp(`/sellers/${sellerProfile.id}`);
    const list = await screen.findByRole(
      'region',
      { name: 'Avaliações de clientes' },
      { timeout: 5000 },
    );
    const first = await within(list).findByRole(
      'article',
      { name: 'Ana Silva' },
      { timeout: 5000 },
    );
    // Under the name (from the profile) and atop the list (from the reviews).
    expect(screen.getAllByText('4,5 de 5 · 2 avaliações')).toHaveLength(2);
    expect(within(first).getByText('Resposta de Bright Reach Studio')).toBeTruthy();
    expect(within(first).getByText('Obrigado!')).toBeTruthy();
    const former = within(list).getByRole('article', { name: 'Antigo cliente' });
    expect(within(former).getByText('Perfeito.')).toBeTruthy();
  });

  it('reads no reviews for a business without a published one', async () => {
    const fetchMock = stubApi(buyer, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    renderApp(`/sellers/${sellerProfile.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Bright Reach Studio' });
    expect(screen.queryByRole('region', { name: 'Reviews from clients' })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => urlOf(url as RequestInfo).endsWith('/reviews')),
    ).toBe(false);
  });
});
