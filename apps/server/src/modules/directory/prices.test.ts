import { describe, expect, it } from 'vitest';
import { usersPageSchema, type UsersPage } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { addService } from '../../../test/services.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';

/**
 * The directory and prices: a search finds a business by its services' words, the cards carry
 * the lowest starting price, a budget filters, and `sort=price` lists the cheapest first within
 * one unit. Every existing parameter and default works as before.
 */
const { app } = await buildTestApp();

const business = (name: string, overrides: Record<string, unknown> = {}) =>
  signUp(app, {
    role: 'seller',
    businessName: name,
    category: 'photography-events',
    description: 'Photos.',
    ...overrides,
  });

// Four photographers in Lisbon, priced differently, and one in Brazil in reais.
const cheap = await business('Ana Fotos');
await addService(app, cheap, { name: 'Retrato em estúdio', priceFrom: 4000, unit: 'hour' });
await addService(app, cheap, { name: 'Casamento', priceFrom: 60000, unit: 'event' });
const middle = await business('Bruno Imagem');
await addService(app, middle, { name: 'Sessão de moda', priceFrom: 7000, unit: 'hour' });
const dear = await business('Carla Studio');
await addService(app, dear, {
  name: 'Editorial shoot',
  priceFrom: 12000,
  priceTo: 20000,
  unit: 'hour',
});
// One lists no price: its card has none.
await business('Diogo Lens');
const reais = await business('Estúdio Rio', {
  location: { address: 'Copacabana, Rio de Janeiro', lat: -22.97, lng: -43.18 },
});
await addService(app, reais, { name: 'Ensaio fotográfico', priceFrom: 35000, currency: 'BRL' });

const viewer = await signUp(app, { role: 'buyer', category: undefined });

async function page(query: string, who: SignedUp = viewer): Promise<UsersPage> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/users?${query}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return usersPageSchema.parse(response.json());
}
const names = (found: UsersPage) => found.items.map((item) => item.fullName);

describe('the directory and prices', () => {
  it('finds a business by a word of its services, and says the services matched', async () => {
    const found = await page('q=editorial');
    expect(names(found)).toEqual(['Carla Studio']);
    expect(found.items[0]!.match).toEqual({
      complete: true,
      words: ['editorial'],
      fields: ['services'],
    });
  });

  it('puts the lowest starting price on each card, in the currency of the first service', async () => {
    const found = await page('category=photography-events&limit=10');
    const fromPrice = new Map(found.items.map((item) => [item.fullName, item.fromPrice]));
    expect(Object.fromEntries(fromPrice)).toEqual({
      'Ana Fotos': { amount: 4000, currency: 'EUR', unit: 'hour' },
      'Bruno Imagem': { amount: 7000, currency: 'EUR', unit: 'hour' },
      'Carla Studio': { amount: 12000, currency: 'EUR', unit: 'hour' },
      'Diogo Lens': undefined,
      'Estúdio Rio': { amount: 35000, currency: 'BRL', unit: 'hour' },
    });
  });

  it('keeps the businesses a budget reaches, with the card’s price among the services that fit it', async () => {
    expect(names(await page('maxPrice=8000&currency=EUR')).sort()).toEqual([
      'Ana Fotos',
      'Bruno Imagem',
    ]);
    // A range reaches a budget its start is above: €120–200 for a budget of €150 or more.
    expect(names(await page('minPrice=15000&currency=EUR&unit=hour'))).toEqual(['Carla Studio']);
    const events = await page('minPrice=50000&maxPrice=70000&currency=EUR');
    expect(events.items.map((item) => [item.fullName, item.fromPrice])).toEqual([
      ['Ana Fotos', { amount: 60000, currency: 'EUR', unit: 'event' }],
    ]);
    expect(events.total).toEqual({ count: 1, capped: false });
    expect(names(await page('maxPrice=40000&currency=BRL'))).toEqual(['Estúdio Rio']);
  });

  it('sorts by the starting price within one unit, cheapest first, page by page', async () => {
    const first = await page('sort=price&currency=EUR&unit=hour&limit=2');
    expect(names(first)).toEqual(['Ana Fotos', 'Bruno Imagem']);
    expect(first.items.map((item) => item.fromPrice?.amount)).toEqual([4000, 7000]);
    const second = await page(
      `sort=price&currency=EUR&unit=hour&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(names(second)).toEqual(['Carla Studio']);
    expect(second.nextCursor).toBeNull();
    // With words: the matches only, still cheapest first.
    expect(names(await page('q=photos&sort=price&currency=EUR&unit=hour'))).toEqual([
      'Ana Fotos',
      'Bruno Imagem',
      'Carla Studio',
    ]);
  });

  it('reads a budget typed in the words: those within it first, the amount not searched for', async () => {
    // "photos under 80 euros an hour": both within it first (each card at its fitting price),
    // then the one above it, then those that list none in euros; none is left out.
    const found = await page(`q=${encodeURIComponent('photos under 80 euros an hour')}`);
    expect(names(found).slice(0, 2).sort()).toEqual(['Ana Fotos', 'Bruno Imagem']);
    expect(names(found)[2]).toBe('Carla Studio');
    expect(names(found).slice(3).sort()).toEqual(['Diogo Lens', 'Estúdio Rio']);
    expect(found.understood).toMatchObject({
      words: ['photos'],
      budget: { max: 8000, currency: 'EUR', unit: 'hour', within: 2 },
    });
    expect(found.items[0]!.match).toMatchObject({ complete: true, words: ['photos'] });
    // In Portuguese, in reais: the business in Brazil within it first.
    const reaisFound = await page(`q=${encodeURIComponent('ensaio fotográfico até R$ 400')}`);
    expect(names(reaisFound)[0]).toBe('Estúdio Rio');
    expect(reaisFound.understood?.budget).toMatchObject({ max: 40000, currency: 'BRL' });
    // Nobody within it: those above it first (they list what they cost), then the rest.
    const tight = await page(`q=${encodeURIComponent('photos max 10€')}`);
    expect(tight.understood?.budget).toMatchObject({ max: 1000, within: 0 });
    expect(names(tight).at(-1)).toBe('Diogo Lens');
    // The budget fields win over the words: the words' amount is not read.
    const both = await page(
      `q=${encodeURIComponent('photos under 80 euros')}&maxPrice=5000&currency=EUR`,
    );
    expect(names(both)).toEqual(['Ana Fotos']);
    expect(both.understood?.budget).toBeUndefined();
  });

  it('refuses a price without a currency, a price sort without a unit and an upside-down budget', async () => {
    const cases = [
      ['maxPrice=5000', { currency: 'Required with a price' }],
      ['sort=price&currency=EUR', { unit: 'Required for sort=price' }],
      ['minPrice=9000&maxPrice=5000&currency=EUR', { minPrice: 'Not above maxPrice' }],
      ['maxPrice=-1&currency=EUR', { maxPrice: expect.any(String) }],
      ['maxPrice=12.5&currency=EUR', { maxPrice: expect.any(String) }],
      ['currency=USD', { currency: expect.any(String) }],
      ['unit=fortnight&currency=EUR', { unit: expect.any(String) }],
    ] as const;
    for (const [query, errors] of cases) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/users?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    const inPortuguese = await app.inject({
      method: 'GET',
      url: '/api/v1/users?sort=price&currency=EUR',
      headers: { 'accept-language': 'pt-PT' },
    });
    expect(inPortuguese.json()).toMatchObject({
      detail: 'Ordenar por preço precisa de uma unidade, como por hora.',
    });
  });

  it('answers the existing parameters and defaults as before', async () => {
    const newest = await page('category=photography-events');
    expect(names(newest)).toEqual([
      'Estúdio Rio',
      'Diogo Lens',
      'Carla Studio',
      'Bruno Imagem',
      'Ana Fotos',
    ]);
    expect(newest.total).toBeUndefined();
    const near = await page('near=38.7075,-9.1364&radiusKm=10&sort=distance');
    expect(names(near)).not.toContain('Estúdio Rio');
    expect(near.items.length).toBe(4);
  });
});
