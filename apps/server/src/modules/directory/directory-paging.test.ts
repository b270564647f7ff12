import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';

const { app, database } = await buildTestApp();
const { db } = database;
const base = Date.UTC(2026, 6, 1);

async function page(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/users?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { fullName: string }[]; nextCursor: string | null }>();
}

/** Every name the search lists, one per page, following the cursors to the end. */
async function walk(query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const result = await page(`${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...result.items.map((item) => item.fullName));
    cursor = result.nextCursor;
  } while (cursor && seen.length < 50);
  return seen;
}

describe('directory relevance and paging', () => {
  it('lists name matches, then description matches, then typo matches, newest first within each', async () => {
    const seller = (firstName: string, lastName: string, description: string, at: number) =>
      insertUser(db, {
        firstName,
        lastName,
        description,
        category: 'construction',
        address: 'Rua Nova 1, Braga',
        createdAt: new Date(base + at),
      });
    await seller('Marble', 'Kitchen', 'Worktops', 1_000);
    await seller('Kitchen', 'Corner', 'Cabinets', 2_000);
    await seller('Tile', 'Works', 'Bathroom and kitchen tiles', 3_000);
    await seller('Kitchin', 'Lab', 'Odd spelling, same trade', 4_000);
    await seller('Garden', 'Rooms', 'Sheds', 5_000);

    const expected = ['Kitchen Corner', 'Marble Kitchen', 'Tile Works', 'Kitchin Lab'];
    expect((await page('q=kitchen&limit=10')).items.map((item) => item.fullName)).toEqual(expected);
    // One per page: across the tiers, nothing repeated, nothing skipped.
    expect(await walk('q=kitchen')).toEqual(expected);
  });

  it('pages newest first through accounts created within the same millisecond', async () => {
    const rows = await Promise.all(
      ['Micro One', 'Micro Two', 'Micro Three'].map((name, index) =>
        insertUser(db, {
          firstName: name.split(' ')[0]!,
          lastName: name.split(' ')[1]!,
          category: 'beauty',
          address: 'Praça 1, Faro',
          createdAt: new Date(base + 10_000 + index),
        }),
      ),
    );
    // The same millisecond, a few microseconds apart: as PostgreSQL's now() stores them.
    await db
      .update(users)
      .set({
        createdAt: sql`timestamptz '2026-07-01 00:00:30.000100+00' + (extract(epoch from ${users.createdAt}) * 1000 - ${base + 10_000}) * interval '1 microsecond'`,
      })
      .where(
        inArray(
          users.id,
          rows.map((row) => row.id),
        ),
      );
    expect(await walk('category=beauty&sort=newest')).toEqual([
      'Micro Three',
      'Micro Two',
      'Micro One',
    ]);
  });

  it('pages by distance through sellers who share one point, each once, in a stable order', async () => {
    const shared = { lat: 37.0194, lng: -7.9322 };
    for (const name of ['Same One', 'Same Two', 'Same Three', 'Same Four']) {
      await insertUser(db, {
        firstName: name.split(' ')[0]!,
        lastName: name.split(' ')[1]!,
        category: 'hospitality',
        address: 'Marina, Faro',
        ...shared,
      });
    }
    const query = `near=${shared.lat},${shared.lng}&radiusKm=1&sort=distance`;
    const all = (await page(`${query}&limit=10`)).items.map((item) => item.fullName);
    expect(all.sort()).toEqual(['Same Four', 'Same One', 'Same Three', 'Same Two']);
    const walked = await walk(query);
    expect(walked).toHaveLength(4);
    expect(new Set(walked).size).toBe(4);
    expect(await walk(query)).toEqual(walked);
  });
});

describe('text search beyond the newest window', () => {
  it('finds old and new matches in order, whichever half of the search finds them', async () => {
    const { createDirectoryRepository } = await import('./directory.repository.js');
    const { createDirectoryService } = await import('./directory.service.js');
    // A window of two accounts: the newest two are searched in time order, the rest by index.
    const service = createDirectoryService(createDirectoryRepository(db, { newestWindow: 2 }));
    const at = Date.UTC(2027, 0, 1);
    const make = (firstName: string, description: string, offset: number) =>
      insertUser(db, {
        firstName,
        lastName: 'Window',
        description,
        category: 'beauty',
        address: 'Rua 1, Aveiro',
        createdAt: new Date(at + offset),
      });
    await make('Oldest', 'quartzite benches', 1);
    await make('Older', 'plain', 2);
    await make('Middle', 'quartzite floors', 3);
    await make('Newer', 'plain', 4);
    await make('Newest', 'quartzite walls', 5);

    const names = async (sort: 'relevance' | 'newest', limit: number, cursor?: string) =>
      service.findUsers(null, { q: 'quartzite', sort, limit, cursor });
    for (const sort of ['relevance', 'newest'] as const) {
      const whole = await names(sort, 10);
      expect(whole.items.map((item) => item.fullName)).toEqual([
        'Newest Window',
        'Middle Window',
        'Oldest Window',
      ]);
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const result = await names(sort, 1, cursor);
        walked.push(...result.items.map((item) => item.fullName));
        cursor = result.nextCursor ?? undefined;
      } while (cursor && walked.length < 10);
      expect(walked).toEqual(['Newest Window', 'Middle Window', 'Oldest Window']);
    }
  });
});
