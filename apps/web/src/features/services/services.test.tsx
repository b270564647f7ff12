import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicProfile, Service } from '@maya/contracts';
import { afterEach, describe, expect, it, type vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { sellerProfile } from '../../test/fixtures';

const wedding: Service = {
  id: '01900000-0000-7000-8000-0000000000s1',
  name: 'Wedding photography',
  description: 'The whole day.',
  priceFrom: 90000,
  priceTo: 150000,
  unit: 'event',
  currency: 'EUR',
};
const portrait: Service = {
  id: '01900000-0000-7000-8000-0000000000s2',
  name: 'Portrait session',
  description: '',
  priceFrom: 4000,
  priceTo: null,
  unit: 'hour',
  currency: 'EUR',
};
const priced: PublicProfile = { ...sellerProfile, trader: true, services: [wedding, portrait] };

afterEach(async () => {
  await setLanguage('en');
});

describe('prices on the profile and the cards', () => {
  it('lists the services with their prices, says once that they include VAT, and that the business is a trader', async () => {
    stubApi(buyer, { [`/api/v1/users/${priced.id}`]: priced });
    renderApp(`/sellers/${priced.id}`);
    const list = await screen.findByRole('region', { name: 'Services and prices' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Wedding photographyThe whole day.€900.00 – €1,500.00 per event',
      'Portrait session€40.00 per hour',
    ]);
    expect(screen.getAllByText('Prices are totals with VAT included.')).toHaveLength(1);
    expect(
      screen.getByText('Sells as a trader: EU consumer law protects your purchases.'),
    ).toBeTruthy();
  });

  it('writes the prices as the viewer’s language does, in each service’s currency', async () => {
    await setLanguage('pt');
    stubApi(buyer, {
      [`/api/v1/users/${priced.id}`]: {
        ...priced,
        trader: false,
        services: [{ ...portrait, currency: 'BRL' }],
      },
    });
    renderApp(`/sellers/${priced.id}`);
    const list = await screen.findByRole('region', { name: 'Serviços e preços' });
    expect(within(list).getByText('R$ 40,00 por hora')).toBeTruthy();
    expect(screen.getByText(/Não vende como fornecedor profissional/)).toBeTruthy();
  });

  it('puts “from” the lowest price on a card, and the VAT note once above the cards', async () => {
    const second = { ...sellerProfile, id: '01900000-0000-7000-8000-0000000000a2' };
    stubApi(buyer, {
      '/api/v1/users?': {
        items: [
          { ...sellerProfile, fromPrice: { amount: 4000, currency: 'EUR', unit: 'hour' } },
          {
            ...second,
            fullName: 'Rio Studio',
            fromPrice: { amount: 4000, currency: 'BRL', unit: 'session' },
          },
        ],
        nextCursor: null,
      },
    });
    renderApp('/sellers');
    expect(await screen.findByText('from €40.00 per hour')).toBeTruthy();
    expect(screen.getByText('from R$40.00 per session')).toBeTruthy();
    expect(screen.getAllByText('Prices are totals with VAT included.')).toHaveLength(1);
  });
});

describe('the directory’s price filter and sort', () => {
  it('sends a budget in minor units with its currency, and sorts by price once a unit is chosen', async () => {
    const fetchMock = stubApi(buyer, { '/api/v1/users?': { items: [], nextCursor: null } });
    renderApp('/sellers');
    const budget = await screen.findByLabelText('Budget up to');
    fireEvent.change(budget, { target: { value: '300' } });
    await waitFor(() => expect(lastSearch(fetchMock)?.get('maxPrice')).toBe('30000'));
    expect(lastSearch(fetchMock)?.get('currency')).toBe('EUR');
    // Nobody within it: the empty page says so, and what to try.
    expect(await screen.findByText(/Nobody matches this search within this budget/)).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Priced' }));
    fireEvent.click(await screen.findByRole('option', { name: 'per hour' }));
    await waitFor(() => expect(lastSearch(fetchMock)?.get('unit')).toBe('hour'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Price per hour, lowest first' }));
    await waitFor(() => expect(lastSearch(fetchMock)?.get('sort')).toBe('price'));
    expect(Object.fromEntries(lastSearch(fetchMock)!)).toMatchObject({
      maxPrice: '30000',
      currency: 'EUR',
      unit: 'hour',
      sort: 'price',
    });
  });
});

describe('the services editor on /account', () => {
  it('lists a business’s services and adds one, priced in minor units', async () => {
    const fetchMock = stubApi(seller, {
      '/api/v1/me/services': { items: [wedding] },
      '/api/v1/me/notifications': {
        mode: 'digest',
        includeText: true,
        language: 'en',
        sendsTo: null,
      },
      '/api/v1/me/gallery': { gallery: [] },
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (urlOf(input) === '/api/v1/me/services' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Omit<Service, 'id'>;
        return new Response(JSON.stringify({ ...body, id: portrait.id }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }
      return answer(input, init);
    });
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Services and prices' });
    expect(await within(section).findByText('Wedding photography')).toBeTruthy();
    expect(within(section).getByText('€900.00 – €1,500.00 per event')).toBeTruthy();

    const add = within(section).getByRole('region', { name: 'Add a service' });
    fireEvent.change(within(add).getByLabelText(/^Service/), {
      target: { value: 'Portrait session' },
    });
    fireEvent.change(within(add).getByLabelText(/^Price, or the lowest/), {
      target: { value: '40,5' },
    });
    fireEvent.click(within(add).getByRole('button', { name: 'Add service' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')).toBeTruthy(),
    );
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(sent[1]!.body as string)).toEqual({
      name: 'Portrait session',
      description: '',
      priceFrom: 4050,
      priceTo: null,
      unit: 'hour',
      currency: 'EUR',
    });
  });

  it('refuses a price that is no price before sending anything', async () => {
    const fetchMock = stubApi(seller, { '/api/v1/me/services': { items: [] } });
    renderApp('/account');
    const add = await screen.findByRole('region', { name: 'Add a service' });
    fireEvent.change(within(add).getByLabelText(/^Service/), { target: { value: 'Cut' } });
    fireEvent.change(within(add).getByLabelText(/^Price, or the lowest/), {
      target: { value: 'forty' },
    });
    fireEvent.click(within(add).getByRole('button', { name: 'Add service' }));
    expect(await within(add).findByText('Write a price such as 40 or 40.50.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

function lastSearch(fetchMock: ReturnType<typeof vi.fn>): URLSearchParams | undefined {
  const calls = fetchMock.mock.calls
    .map(([url]) => new URL(urlOf(url as RequestInfo), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/users');
  return calls.at(-1)?.searchParams;
}
