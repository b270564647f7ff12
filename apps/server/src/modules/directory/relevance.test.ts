import { describe, expect, it } from 'vitest';
import { usersPageSchema, type UsersPage } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';

const { app, database } = await buildTestApp();
const { db } = database;
const base = Date.UTC(2026, 5, 1);
let made = 0;
const seller = (fields: Parameters<typeof insertUser>[1]) =>
  insertUser(db, { role: 'seller', createdAt: new Date(base + (made += 1000)), ...fields });

// Sellers who describe themselves as people do, in their own language.
await seller({
  firstName: 'Rocha',
  lastName: 'Canalizações',
  category: 'construction',
  description: 'Canalizador em Lisboa: fugas de água, esquentadores e desentupimentos.',
  address: 'Rua da Graça 12, 1170-165 Lisboa',
  lat: 38.7169,
  lng: -9.1307,
});
await seller({
  firstName: 'Telhados',
  lastName: 'do Norte',
  category: 'construction',
  description: 'Roofing repairs and new tiles for houses in the north.',
  address: 'Rua de Cedofeita 300, 4050-180 Porto',
  lat: 41.1579,
  lng: -8.6291,
});
await seller({
  firstName: 'Glow',
  lastName: 'Studio',
  category: 'beauty',
  description: 'Facials, brows and lashes.',
  address: 'Rua Augusta 10, Lisboa',
  lat: 38.7101,
  lng: -9.1366,
});
await seller({
  firstName: 'Salão',
  lastName: 'São Bento',
  category: 'beauty',
  description: 'Cabeleireira e manicure.',
  address: 'Rua de São Bento 40, Lisboa',
  lat: 38.7139,
  lng: -9.1536,
});
await seller({
  firstName: 'Brixton',
  lastName: 'Plumbing',
  category: 'construction',
  description: 'Emergency plumber for south London.',
  address: '12 Brixton Road, London SW9',
  lat: 51.4613,
  lng: -0.1156,
});

async function search(query: string): Promise<UsersPage> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/users?${query}` });
  expect(response.statusCode).toBe(200);
  return usersPageSchema.parse(response.json());
}
const names = (page: UsersPage) => page.items.map((item) => item.fullName);

describe('directory relevance', () => {
  it('matches each word in any field: a trade word in the sector and the city in the address', async () => {
    const page = await search('q=salon lisboa');
    expect(names(page).slice(0, 2).sort()).toEqual(['Glow Studio', 'Salão São Bento']);
    expect(page.items[0]!.match).toMatchObject({ complete: true });
    expect(page.total).toEqual({ count: 2, capped: false });
  });

  it('finds the same trade in English, Portuguese and Brazilian Portuguese', async () => {
    for (const q of ['plumber', 'canalizador', 'encanador', 'fontanero']) {
      expect(new Set(names(await search(`q=${q}`)))).toEqual(
        new Set(['Rocha Canalizações', 'Brixton Plumbing']),
      );
    }
  });

  it('forgives a typo in any field, by the length of the word', async () => {
    expect(names(await search('q=roofng'))).toEqual(['Telhados do Norte']);
    expect(names(await search('q=canalizdor'))).toContain('Rocha Canalizações');
    // Under five letters a word must be spelt right: "glaw" is not "glow".
    expect(names(await search('q=glaw'))).toEqual([]);
  });

  it('ignores accents and letter case on both sides', async () => {
    expect(names(await search('q=SAO BENTO'))).toEqual(['Salão São Bento']);
    expect(names(await search('q=graca'))).toEqual(['Rocha Canalizações']);
  });

  it('shows the best partial matches, labelled, instead of an empty page', async () => {
    const page = await search('q=plumber madrid');
    for (const item of page.items) {
      expect(item.match).toMatchObject({ complete: false, words: ['plumber'] });
    }
    // Madrid is read as a place: nobody is there, so the plumbers elsewhere, nearest first.
    expect(page.understood).toMatchObject({
      words: ['plumber'],
      place: { name: 'Madrid', country: 'ES' },
    });
    expect(names(page)).toEqual(['Rocha Canalizações', 'Brixton Plumbing']);
  });

  it('says where each word matched', async () => {
    const [first] = (await search('q=roofing porto')).items;
    expect(first!.match).toEqual({
      complete: true,
      words: ['roofing', 'Porto'],
      // "Telhados" is Portuguese for roofs: a synonym in the name.
      fields: ['name', 'place', 'description'],
    });
  });

  it('lists every distance, nearest first, for sort=distance without a radius', async () => {
    const page = await search('sort=distance&near=38.72,-9.14');
    expect(page.items.at(-1)!.fullName).toBe('Brixton Plumbing');
    expect(page.items.at(-1)!.distanceKm).toBeGreaterThan(1500);
    // With a radius, only what is inside it.
    expect(names(await search('sort=distance&near=38.72,-9.14&radiusKm=50'))).not.toContain(
      'Brixton Plumbing',
    );
  });

  it('counts the profiles with every word, else those with some, on the first page', async () => {
    expect((await search('q=plumber')).total).toEqual({ count: 2, capped: false });
    // Nobody is both: the partial matches are counted.
    expect((await search('q=glow roofing')).total).toEqual({ count: 2, capped: false });
    // The same count whether or not the page itself shows partial matches.
    expect((await search('q=glow roofing&sort=newest')).total).toEqual({
      count: 2,
      capped: false,
    });
    expect(await search('q=zzqxv')).toMatchObject({
      items: [],
      total: { count: 0, capped: false },
    });
    expect((await search('near=38.72,-9.14&radiusKm=50')).total).toEqual({
      count: 3,
      capped: false,
    });
    // Later pages carry no count.
    const first = await search('q=plumber&limit=1');
    expect(first.total).toEqual({ count: 2, capped: false });
    const cursor = encodeURIComponent(first.nextCursor!);
    expect((await search(`q=plumber&limit=1&cursor=${cursor}`)).total).toBeUndefined();
  });

  it('drops filler words in English and Portuguese', async () => {
    expect(names(await search('q=i need a plumber please'))).toContain('Brixton Plumbing');
    expect(names(await search('q=preciso de um canalizador'))).toContain('Rocha Canalizações');
  });
});
