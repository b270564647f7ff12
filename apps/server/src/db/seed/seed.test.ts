import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, assert, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { sectors } from '@maya/contracts';
import { verifyPassword } from '../../lib/password.js';
import { createDiskStorage } from '../../lib/storage.js';
import { createTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../client.js';
import { chatMembers, chats, messages, services, users } from '../schema/index.js';
import { demoData } from './demo-data.js';
import { createRandom, generateSellers } from './generate.js';
import { DEMO_BUYERS, DEMO_SELLERS, demoLoginNotice, seedDemo } from './seed.js';

const database = await createTestDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'maya-seed-'));
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});
const logged: unknown[][] = [];
let passwordOfFirstSeed: string | undefined;
const log = { info: (...args: unknown[]) => void logged.push(args) };
const storage = createDiskStorage(join(dataDir, 'uploads'));

async function passwordHashOf(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row!.passwordHash;
}

describe('demo seed', () => {
  it('fills an empty database with sellers in every sector, buyers and real images', async () => {
    const result = await seedDemo(database.db, storage, log);
    expect(result).toMatchObject({
      seeded: true,
      buyerEmail: 'ana.silva@demo.mayamarket.example',
      passwordGenerated: true,
    });
    assert(result.seeded);
    passwordOfFirstSeed = result.password;

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

  it('gives every demo business its services, in euros in Portugal and reais in Brazil, found by their words', async () => {
    const sellers = (await database.db.select().from(users)).filter((row) => row.role === 'seller');
    const listed = await database.db.select().from(services);
    for (const seller of sellers) {
      const own = listed.filter((service) => service.userId === seller.id);
      expect(own.length, seller.firstName).toBeGreaterThan(0);
      const country = seller.address?.split(', ').at(-1);
      const expected = country === 'Brazil' ? 'BRL' : 'EUR';
      expect(new Set(own.map((service) => service.currency)), seller.firstName).toEqual(
        new Set([expected]),
      );
      expect(seller.trader).toBe(true);
      expect(seller.servicesText).toContain(own[0]!.name);
    }
    const countries = new Set(sellers.map((seller) => seller.address?.split(', ').at(-1)));
    expect(countries).toContain('Portugal');
    expect(countries).toContain('Brazil');
  });

  it('gives the demo client and the demo business conversations, read to their end by both sides', async () => {
    const [client] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.silva@demo.mayamarket.example'));
    const [business] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'bright-reach-studio-0@demo.mayamarket.example'));
    const everyChat = await database.db.select().from(chats);
    expect(everyChat).toHaveLength(demoData.conversations.length);
    expect(everyChat.filter((chat) => chat.buyerId === client!.id).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      everyChat.filter((chat) => chat.sellerId === business!.id).length,
    ).toBeGreaterThanOrEqual(2);

    const everyMessage = await database.db.select().from(messages);
    const members = await database.db.select().from(chatMembers);
    for (const chat of everyChat) {
      const own = everyMessage
        .filter((message) => message.chatId === chat.id)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      expect(own.length).toBeGreaterThan(1);
      expect(new Set(own.map((message) => message.senderId))).toEqual(
        new Set([chat.buyerId, chat.sellerId]),
      );
      expect(chat.lastMessageAt).toEqual(own.at(-1)!.createdAt);
      const read = members.filter((member) => member.chatId === chat.id);
      expect(read.map((member) => member.lastReadMessageId)).toEqual([
        own.at(-1)!.id,
        own.at(-1)!.id,
      ]);
    }
  });

  it('names every business in one place with its sector and description, each sector at least once', () => {
    const names = demoData.businesses.map((business) => business.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(demoData.businesses.map((business) => business.sector))).toEqual(
      new Set(sectors),
    );
  });

  it('gives the demo accounts a random password that the structured log never holds', async () => {
    const hash = await passwordHashOf(database.db, 'ana.silva@demo.mayamarket.example');
    const password = passwordOfFirstSeed;
    expect(password).toMatch(/^[\w-]{16,}$/);
    expect(await verifyPassword(hash, password!)).toBe(true);
    expect(await verifyPassword(hash, 'maya-demo-market')).toBe(false);

    const text = JSON.stringify(logged);
    expect(text).toContain('ana.silva@demo.mayamarket.example');
    expect(text).not.toContain(password);
  });

  it('uses the chosen DEMO_PASSWORD instead, when there is one', async () => {
    const other = await createTestDatabase();
    try {
      const result = await seedDemo(other.db, storage, log, { password: 'a chosen demo password' });
      expect(result).toMatchObject({
        seeded: true,
        password: 'a chosen demo password',
        passwordGenerated: false,
      });
      assert(result.seeded);
      const hash = await passwordHashOf(other.db, result.sellerEmail);
      expect(await verifyPassword(hash, 'a chosen demo password')).toBe(true);
    } finally {
      await other.close();
    }
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

  it('tells the local console the demo login, and the password only when it was generated', () => {
    const seeded = {
      seeded: true as const,
      buyerEmail: 'ana.silva@demo.mayamarket.example',
      sellerEmail: 'bright-reach-studio-0@demo.mayamarket.example',
      password: 'generated-password-1',
    };
    const generated = demoLoginNotice({ ...seeded, passwordGenerated: true }, { terminal: true });
    expect(generated).toContain('ana.silva@demo.mayamarket.example');
    expect(generated).toContain('bright-reach-studio-0@demo.mayamarket.example');
    expect(generated).toContain('generated-password-1');

    const chosen = demoLoginNotice({ ...seeded, passwordGenerated: false }, { terminal: true });
    expect(chosen).toContain('DEMO_PASSWORD');
    expect(chosen).not.toContain('generated-password-1');

    const headless = demoLoginNotice({ ...seeded, passwordGenerated: true }, { terminal: false });
    expect(headless).toContain('ana.silva@demo.mayamarket.example');
    expect(headless).toContain('DEMO_PASSWORD');
    expect(headless).not.toContain('generated-password-1');
  });
});
