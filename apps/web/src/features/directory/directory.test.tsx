import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicProfile } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { sellerProfile } from '../../test/fixtures';
import { preview } from './utils/preview';

describe('seller profile', () => {
  it('shows the card with image, name, description, location, email and Chat Now', async () => {
    stubApi(buyer, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    renderApp(`/sellers/${sellerProfile.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bright Reach Studio' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Bright Reach Studio' })).toBeTruthy();
    expect(screen.getByText(sellerProfile.description)).toBeTruthy();
    // The address under the name, and again where the map goes until it is asked for.
    expect(screen.getAllByText('Rua Augusta 1, Lisbon, Portugal')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'studio@example.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat Now' })).toBeTruthy();
  });

  it('draws the map once the visitor asks for it', async () => {
    stubApi(buyer, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    renderApp(`/sellers/${sellerProfile.id}`);
    const show = await screen.findByRole('button', { name: 'Show map' });
    expect(screen.queryByRole('region', { name: 'Map of Bright Reach Studio' })).toBeNull();
    fireEvent.click(show);
    expect(await screen.findByRole('region', { name: 'Map of Bright Reach Studio' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show map' })).toBeNull();
  });

  it('says clearly when the profile does not exist', async () => {
    stubApi(null);
    renderApp('/sellers/01900000-0000-7000-8000-00000000dead');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This profile does not exist.' }),
    ).toBeTruthy();
  });
});

describe('dashboard directory', () => {
  it('shows 8 skeleton cards while the directory loads', async () => {
    const fetchMock = stubApi(buyer);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).startsWith('/api/v1/users?')
        ? new Promise<Response>(() => undefined)
        : answer(input, init),
    );
    renderApp('/dashboard');
    const loading = await screen.findByRole('status', { name: 'Loading…' });
    expect(loading.children).toHaveLength(8);
  });

  it('asks for the opposite role and previews descriptions at 25 characters', async () => {
    const fetchMock = stubApi(buyer, {
      '/api/v1/users?': { items: [sellerProfile], nextCursor: null },
    });
    renderApp('/sellers');
    expect(await screen.findByText('Kitchen and bathroom reno…')).toBeTruthy();
    const directoryCall = fetchMock.mock.calls
      .map(([url]) => new URL(urlOf(url), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/users');
    expect(directoryCall?.searchParams.get('role')).toBe('seller');
    expect(directoryCall?.searchParams.get('limit')).toBe('24');
    expect(screen.getByRole('button', { name: 'Chat Now' })).toBeTruthy();
  });

  it('shows a seller the buyers', async () => {
    const fetchMock = stubApi(seller, { '/api/v1/users?': { items: [], nextCursor: null } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Buyers' });
    const directoryCall = fetchMock.mock.calls
      .map(([url]) => new URL(urlOf(url), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/users');
    expect(directoryCall?.searchParams.get('role')).toBe('buyer');
  });
});

describe('search results', () => {
  it('says how many match and labels partial matches with the words they have', async () => {
    stubApi(buyer, {
      '/api/v1/users?': {
        items: [
          {
            ...sellerProfile,
            match: { complete: false, words: ['plumber'], fields: ['description'] },
          },
        ],
        nextCursor: null,
        total: { count: 1, capped: false },
        understood: { words: ['plumber', 'madrid'], place: null },
      },
    });
    renderApp('/sellers');
    // The count says what the cards are: no exact match, one close one (never "0 results"
    // above a card, nor "1 result" for a partial match).
    expect(await screen.findByText('0 exact, 1 close')).toBeTruthy();
    expect(
      screen.getByText('Nothing matches every word. These are the closest matches.'),
    ).toBeTruthy();
    expect(screen.getByText('Partial match')).toBeTruthy();
    expect(screen.getByText('Matches plumber')).toBeTruthy();
  });
});

describe('a budget typed in the search', () => {
  it('says beside the count what was read: the amount with its unit, or a cue', async () => {
    const page = (budget: object) => ({
      items: [sellerProfile],
      nextCursor: null,
      total: { count: 1, capped: false },
      understood: { words: ['photos'], place: null, budget },
    });
    stubApi(buyer, {
      '/api/v1/users?': page({ max: 8000, currency: 'EUR', unit: 'hour', within: 1 }),
    });
    const { unmount } = renderApp('/sellers?q=photos+under+80+euros+an+hour');
    expect(await screen.findByText('1 result · prices up to €80.00 per hour first')).toBeTruthy();
    unmount();
    stubApi(buyer, { '/api/v1/users?': page({ max: 1000, currency: 'EUR', within: 0 }) });
    renderApp('/sellers?q=photos+max+10');
    expect(
      await screen.findByText('1 result · nobody lists a price up to €10.00; the nearest first'),
    ).toBeTruthy();
  });
});

describe('an empty search', () => {
  it('advises a larger radius only when a radius is set', async () => {
    stubApi(buyer, {
      '/api/v1/users?': { items: [], nextCursor: null, total: { count: 0, capped: false } },
    });
    renderApp('/sellers?q=zzz');
    expect(
      await screen.findByText('Nobody matches this search yet. Try fewer words or another sector.'),
    ).toBeTruthy();
    expect(screen.queryByText(/larger radius/)).toBeNull();
  });
});

describe('sorting by distance', () => {
  it("sorts nearest first from a client's saved location, with no point chosen", async () => {
    stubApi(buyer, {
      '/api/v1/users?': {
        items: [sellerProfile],
        nextCursor: null,
        total: { count: 1, capped: false },
      },
    });
    const { router } = renderApp('/sellers');
    await screen.findByText('1 result');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    const distance = await screen.findByRole('option', { name: 'Distance' });
    expect(distance.getAttribute('aria-disabled')).not.toBe('true');
    fireEvent.click(distance);
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('sort')).toBe('distance');
      expect(search.get('near')).toBe('38.7200,-9.1400');
    });
  });
});

describe('directory cards', () => {
  it('previews descriptions at 25 characters with an ellipsis', () => {
    expect(preview('Kitchen and bathroom renovations with a fixed quote')).toBe(
      'Kitchen and bathroom reno…',
    );
    expect(preview('Short')).toBe('Short');
  });
});

describe('a business without a sector', () => {
  // The original client creates businesses with no sector.
  const unsorted: PublicProfile = {
    ...sellerProfile,
    id: '01900000-0000-7000-8000-0000000000a2',
    fullName: 'Pulse Creators',
    firstName: 'Pulse',
    lastName: 'Creators',
    category: null,
  };

  it('is listed under Other', async () => {
    stubApi(buyer, { '/api/v1/users?': { items: [unsorted], nextCursor: null } });
    renderApp('/sellers');
    const name = await screen.findByRole('link', { name: 'Pulse Creators' });
    expect(within(name.closest('article')!).getByText('Other')).toBeTruthy();
  });

  it('is asked on its dashboard to choose one, and the prompt goes once it is saved', async () => {
    const fetchMock = stubApi(
      { ...seller, category: null },
      {
        '/api/v1/users?': { items: [], nextCursor: null },
        '/api/v1/me': { user: { ...seller, category: 'beauty' } },
      },
    );
    renderApp('/dashboard');
    const prompt = (await screen.findByText(/Choose your business's sector/)).closest('form')!;
    fireEvent.mouseDown(within(prompt).getByRole('combobox', { name: 'Sector' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beauty' }));
    fireEvent.click(within(prompt).getByRole('button', { name: 'Save sector' }));

    await waitFor(() => expect(prompt.isConnected).toBe(false));
    expect(await screen.findByText('Sector saved')).toBeTruthy();
    const update = fetchMock.mock.calls.find(([url]) => urlOf(url).endsWith('/api/v1/me'));
    expect(update?.[1]?.method).toBe('PATCH');
    expect(JSON.parse(update?.[1]?.body as string)).toEqual({ category: 'beauty' });
  });
});
