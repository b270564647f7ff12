import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicProfileSchema, usersPageSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { signUp } from '../../../test/sessions.js';
import { selectRows } from '../../db/client.js';
import { coarseDegrees as coarseInSql } from '../../db/schema/index.js';
import { coarseDegrees } from './directory.policy.js';

const { app, database } = await buildTestApp();
const { db } = database;

/** earthdistance's sphere (its earth()), in kilometres. */
const EARTH_KM = 6378.168;
type Point = { lat: number; lng: number };

function kmBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** The point at `km` from each centre, by Gauss-Newton from a start near it. */
function trilaterate(centres: Point[], km: number[], start: Point): Point {
  let point = { ...start };
  const step = 1e-7;
  for (let round = 0; round < 50; round += 1) {
    const rows = centres.map((centre, index) => {
      const here = kmBetween(point, centre);
      return {
        residual: here - km[index]!,
        dLat: (kmBetween({ lat: point.lat + step, lng: point.lng }, centre) - here) / step,
        dLng: (kmBetween({ lat: point.lat, lng: point.lng + step }, centre) - here) / step,
      };
    });
    // The normal equations of the 2×2 least-squares step.
    const a = rows.reduce((sum, row) => sum + row.dLat * row.dLat, 0);
    const b = rows.reduce((sum, row) => sum + row.dLat * row.dLng, 0);
    const c = rows.reduce((sum, row) => sum + row.dLng * row.dLng, 0);
    const p = rows.reduce((sum, row) => sum + row.dLat * row.residual, 0);
    const q = rows.reduce((sum, row) => sum + row.dLng * row.residual, 0);
    const det = a * c - b * b;
    point = {
      lat: point.lat - (c * p - b * q) / det,
      lng: point.lng - (a * q - b * p) / det,
    };
  }
  return point;
}

function cursorDistance(cursor: string): number {
  const [, value] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
  return value as number;
}

describe("a client's point as businesses search it", () => {
  it('is rounded in SQL exactly as the profile rounds it', async () => {
    const values = [
      38.714, -9.134, 38.715, -9.135, 0.005, -0.005, 0.0049999999, 0.49999999999999994, 89.995,
      -89.995, 179.995, -179.995, 1.005, 2.675, 81.915, -0,
    ];
    let seed = 7;
    for (let index = 0; index < 2_000; index += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      // Seven decimals, as the API stores them, across the whole range.
      values.push(Math.round(((seed / 2_147_483_647) * 360 - 180) * 1e7) / 1e7);
    }
    const rows = await selectRows<{ value: number; coarse: number }>(
      db,
      sql`select value, ${coarseInSql(sql`value`)} as coarse from unnest(${`{${values.join(',')}}`}::float8[]) as value`,
    );
    expect(rows).toHaveLength(values.length);
    const differing = rows.filter((row) => Number(row.coarse) !== coarseDegrees(Number(row.value)));
    expect(differing).toEqual([]);
  });

  it('gives a business that bisects radius searches and reads distance cursors for 100 requests only the rounded point', async () => {
    const business = await signUp(app, { role: 'seller' });
    // Well inside its 0.01° square: 0.004° north and 0.004° west of the square's centre.
    const truePoint = { lat: 38.714, lng: -9.134 };
    const client = await insertUser(db, {
      role: 'buyer',
      address: 'Alfama, Lisbon',
      lat: truePoint.lat,
      lng: truePoint.lng,
    });
    // A second client far enough away that a distance page of one always has a next page.
    await insertUser(db, { role: 'buyer', address: 'Porto', lat: 41.15, lng: -8.61 });

    let requests = 0;
    const get = async (url: string) => {
      requests += 1;
      const response = await app.inject({ method: 'GET', url, headers: business.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<unknown>();
    };
    const profile = publicProfileSchema.parse(await get(`/api/v1/users/${client.id}`));
    const shown = { lat: profile.location!.lat, lng: profile.location!.lng };
    expect(shown).toEqual({ lat: 38.71, lng: -9.13 });
    const roundingKm = kmBetween(shown, truePoint);
    expect(roundingKm).toBeGreaterThan(0.5);

    const found = async (centre: Point) => {
      const page = usersPageSchema.parse(
        await get(`/api/v1/users?role=buyer&near=${centre.lat},${centre.lng}&radiusKm=1&limit=100`),
      );
      return page.items.some((item) => item.id === client.id);
    };
    /** The last value from `inside` towards `outside` at which the client is still found. */
    const edge = async (inside: number, outside: number, at: (value: number) => Point) => {
      let [found1, lost] = [inside, outside];
      for (let step = 0; step < 24; step += 1) {
        const middle = (found1 + lost) / 2;
        if (await found(at(middle))) found1 = middle;
        else lost = middle;
      }
      return found1;
    };
    // Along the shown meridian north and south, then along the parallel found, east and west:
    // the 1 km circle's edges are symmetric about the point the search measures from.
    const alongMeridian = (lat: number) => ({ lat, lng: shown.lng });
    const north = await edge(shown.lat, shown.lat + 0.05, alongMeridian);
    const south = await edge(shown.lat, shown.lat - 0.05, alongMeridian);
    const lat = (north + south) / 2;
    const alongParallel = (lng: number) => ({ lat, lng });
    const east = await edge(shown.lng, shown.lng + 0.05, alongParallel);
    const west = await edge(shown.lng, shown.lng - 0.05, alongParallel);
    const bisected = { lat, lng: (east + west) / 2 };

    // Nearest first from three centres: the distance shown and the one in the page's cursor.
    const centres = [
      { lat: 38.72, lng: -9.14 },
      { lat: 38.7, lng: -9.125 },
      { lat: 38.712, lng: -9.11 },
    ];
    const cursorKm: number[] = [];
    for (const centre of centres) {
      const page = usersPageSchema.parse(
        await get(
          `/api/v1/users?role=buyer&sort=distance&near=${centre.lat},${centre.lng}&limit=1`,
        ),
      );
      expect(page.items[0]!.id).toBe(client.id);
      expect(page.items[0]!.distanceKm).toBe(Math.round(kmBetween(centre, shown)));
      cursorKm.push(cursorDistance(page.nextCursor!));
    }
    const fromCursors = trilaterate(centres, cursorKm, centres[0]!);

    expect(requests).toBe(100);
    // The best either attack recovers is the point every profile shows, to the centimetre...
    expect(kmBetween(bisected, shown) * 1000).toBeLessThan(0.05);
    expect(kmBetween(fromCursors, shown) * 1000).toBeLessThan(0.05);
    // ...which is as far from where the client lives as the rounding put it (about 570 m here).
    expect(kmBetween(bisected, truePoint)).toBeGreaterThan(roundingKm - 0.0001);
    expect(kmBetween(fromCursors, truePoint)).toBeGreaterThan(roundingKm - 0.0001);
  });

  it('pages nearest first through more clients in one rounded square than a page reads ahead', async () => {
    const business = await signUp(app, { role: 'seller' });
    const square = { lat: 40.2, lng: -8.4 };
    const inSquare = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        insertUser(db, {
          role: 'buyer',
          address: 'Coimbra',
          lat: square.lat + ((index % 9) - 4) * 0.001,
          lng: square.lng + (Math.floor(index / 9) - 2) * 0.001,
        }),
      ),
    );
    const nearer = await insertUser(db, { role: 'buyer', lat: 40.25, lng: -8.4 });
    const farther = await insertUser(db, { role: 'buyer', lat: 40.1, lng: -8.4 });
    const query = `role=buyer&sort=distance&near=40.26,-8.4&radiusKm=30&limit=7`;

    const seen: { id: string; distanceKm: number | null | undefined }[] = [];
    let cursor: string | null = null;
    let total: number | undefined;
    do {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/users?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: business.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = usersPageSchema.parse(response.json());
      total ??= page.total?.count;
      seen.push(...page.items.map(({ id, distanceKm }) => ({ id, distanceKm })));
      cursor = page.nextCursor;
    } while (cursor);

    const squareIds = inSquare.map((user) => user.id).sort();
    expect(seen.map((item) => item.id)).toEqual([nearer.id, ...squareIds, farther.id]);
    expect(total).toBe(47);
    // Every client of the square is as far as the square's centre: whole kilometres from it.
    const squareKm = Math.round(kmBetween({ lat: 40.26, lng: -8.4 }, square));
    expect(new Set(seen.slice(1, -1).map((item) => item.distanceKm))).toEqual(new Set([squareKm]));
  });

  it('finds the clients whose rounded point is in the radius, not those whose own point is', async () => {
    const business = await signUp(app, { role: 'seller' });
    const centre = { lat: 37.0, lng: -7.9 };
    // 1.56 km from the centre, rounded to 37.01: 1.11 km. And 0.6 km, rounded to 37.01 too.
    const far = await insertUser(db, { role: 'buyer', lat: 37.014, lng: -7.9 });
    const near = await insertUser(db, { role: 'buyer', lat: 37.0054, lng: -7.9 });
    const within = async (radiusKm: number) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/users?role=buyer&near=${centre.lat},${centre.lng}&radiusKm=${radiusKm}`,
        headers: business.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return usersPageSchema.parse(response.json()).items.map((item) => item.id);
    };
    expect(await within(1.3)).toEqual(expect.arrayContaining([far.id, near.id]));
    expect(await within(1)).not.toEqual(expect.arrayContaining([near.id]));
    expect(await within(1)).not.toContain(far.id);
  });

  it("keeps a client's own searches of businesses exact, from the client's own point", async () => {
    const home = { lat: 38.7011234, lng: -9.1811234 };
    const client = await signUp(app, {
      role: 'buyer',
      category: null,
      location: { address: 'Belém, Lisbon', ...home },
    });
    const shop = await insertUser(db, { role: 'seller', lat: 38.7036789, lng: -9.1836789 });
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/users?near=${home.lat},${home.lng}&sort=distance&radiusKm=1`,
      headers: client.headers,
    });
    const item = usersPageSchema.parse(response.json()).items.find((row) => row.id === shop.id);
    expect(item?.distanceKm).toBe(Math.round(kmBetween(home, shop as Point) * 10) / 10);
    expect(item?.location).toMatchObject({ lat: 38.7036789, lng: -9.1836789 });
  });

  it('shows a business only rounded client points in the old client’s directory too', async () => {
    const business = await signUp(app, { role: 'seller' });
    const client = await insertUser(db, { role: 'buyer', lat: 38.7171234, lng: -9.1421234 });
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/all',
      headers: business.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed = response
      .json<{ data: Record<string, unknown>[] }>()
      .data.find((user) => user._id === client.id);
    expect(listed).toMatchObject({ lat: 38.72, lng: -9.14, latitude: 38.72, longitude: -9.14 });
    expect(response.body).not.toContain('38.7171234');
  });
});
