import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sectors } from '@maya/contracts';
import { createDiskStorage } from '../../lib/storage.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { users } from '../schema/index.js';
import { createRandom, generateSellers } from './generate.js';
import { DEMO_BUYERS, DEMO_SELLERS, seedDemo } from './seed.js';

const database = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'maya-seed-'));
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});
const log = { info: () => undefined };
const storage = createDiskStorage(join(dataDir, 'uploads'));

describe('demo seed', () => {
  it('fills an empty database with sellers in every sector, buyers and real images', async () => {
    const result = await seedDemo(database.db, storage, log);
    expect(result).toMatchObject({ seeded: true, buyerEmail: 'ana.silva@demo.mayamarket.example' });

    const rows = await database.db.select().from(users);
    const sellers = rows.filter((row) => row.role === 'seller');
    expect(sellers).toHaveLength(DEMO_SELLERS);
    expect(rows.filter((row) => row.role === 'buyer')).toHaveLength(DEMO_BUYERS);
    expect(new Set(sellers.map((row) => row.category))).toEqual(new Set(sectors));
    expect(
      new Set(sellers.map((row) => row.address?.split(', ').at(-2))).size,
    ).toBeGreaterThanOrEqual(8);
    expect(rows.every((row) => row.lat !== null && row.lng !== null && row.imageUrl)).toBe(true);

    const files = await readdir(join(dataDir, 'uploads', 'demo'));
    expect(files).toHaveLength((DEMO_SELLERS + DEMO_BUYERS) * 2);
    const metadata = await sharp(join(dataDir, 'uploads', 'demo', files[0]!)).metadata();
    expect(metadata.format).toBe('webp');
  });

  it('never seeds a database that already has users', async () => {
    const again = await seedDemo(database.db, storage, log);
    expect(again).toEqual({ seeded: false });
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(DEMO_SELLERS + DEMO_BUYERS);
  });

  it('generates any number of distinct sellers deterministically for benchmarks', () => {
    const first = generateSellers(500, {
      passwordHash: 'x',
      random: createRandom(7),
      now: Date.UTC(2026, 0, 1),
    });
    const second = generateSellers(500, {
      passwordHash: 'x',
      random: createRandom(7),
      now: Date.UTC(2026, 0, 1),
    });
    expect(first.map((row) => row.description)).toEqual(second.map((row) => row.description));
    expect(new Set(first.map((row) => row.email)).size).toBe(500);
  });
});
