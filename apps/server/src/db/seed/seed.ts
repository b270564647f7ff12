import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../lib/password.js';
import type { Storage } from '../../lib/storage.js';
import type { Database } from '../client.js';
import { chatMembers, chats, messages, services, users } from '../schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { demoData } from './demo-data.js';
import { createRandom, generateBuyers, generateSellers, type GeneratedUser } from './generate.js';
import { renderDemoAvatar } from './images.js';

export const DEMO_SELLERS = demoData.businesses.length;
export const DEMO_BUYERS = 10;

export interface SeededDemo {
  seeded: true;
  buyerEmail: string;
  sellerEmail: string;
  /** The demo accounts' password: for the local console only, never for the log. */
  password: string;
  /** Made up here (no DEMO_PASSWORD), so nobody knows it but whoever reads the console. */
  passwordGenerated: boolean;
}

export type SeedResult = SeededDemo | { seeded: false };

/**
 * Fills an empty database with a demo marketplace, its avatars written through the image storage
 * (disk or S3). A database that has any user is left alone, so the seed can never touch real data.
 * Every demo account has the given password, or one made up for this database, so a demo seeded
 * where it should not have been is not open to anyone who has read the README.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  log: Pick<FastifyBaseLogger, 'info'>,
  options: { password?: string } = {},
): Promise<SeedResult> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((existing?.count ?? 0) > 0) return { seeded: false };

  const password = options.password ?? randomBytes(12).toString('base64url');
  const random = createRandom(2026);
  const passwordHash = await hashPassword(password);
  const sellers = generateSellers(DEMO_SELLERS, { passwordHash, random });
  const buyers = generateBuyers(DEMO_BUYERS, { passwordHash, random });

  const everyone = [...sellers, ...buyers];
  for (const user of everyone) {
    Object.assign(user, await renderDemoAvatar(storage, user.id, user.category, random));
  }
  await db.insert(users).values(everyone);
  await seedServices(db, sellers);
  await seedConversations(db, everyone);
  // The embedded engine has no autovacuum: without statistics the planner ignores the indexes.
  await db.execute(sql`analyze`);

  const buyerEmail = buyers[0]!.email;
  const sellerEmail = sellers[0]!.email;
  // The structured log may be shipped elsewhere: it names the accounts, never the password.
  log.info(
    { sellers: sellers.length, buyers: buyers.length },
    `demo marketplace seeded: ${buyerEmail} (client), ${sellerEmail} (business); their password is never logged`,
  );
  return {
    seeded: true,
    buyerEmail,
    sellerEmail,
    password,
    passwordGenerated: options.password === undefined,
  };
}

/**
 * Each demo business's services of `demo.json`, priced in its city's currency (`sellers` are the
 * businesses in the order the file lists them).
 */
async function seedServices(db: Database, sellers: GeneratedUser[]): Promise<void> {
  const currencyOf = new Map(demoData.cities.map((city) => [city.name, city.currency]));
  const rows = demoData.businesses.flatMap((business, index) => {
    const seller = sellers[index];
    if (!seller) return [];
    const createdAt = seller.createdAt ?? new Date();
    return business.services.map((service, position) => ({
      id: uuidv7(createdAt.getTime()),
      userId: seller.id,
      position,
      name: service.name,
      description: service.description,
      priceFrom: service.priceFrom,
      priceTo: service.priceTo ?? null,
      unit: service.unit,
      currency: currencyOf.get(business.city)!,
      createdAt,
      updatedAt: createdAt,
    }));
  });
  if (rows.length > 0) await db.insert(services).values(rows);
}

/**
 * The conversations of `demo.json`, each read to its end by both sides, so the demo accounts open
 * an inbox with something in it and no unread count.
 */
async function seedConversations(db: Database, everyone: GeneratedUser[]): Promise<void> {
  const now = Date.now();
  const byName = (name: string, role: GeneratedUser['role']) =>
    everyone.find((user) => user.role === role && `${user.firstName} ${user.lastName}` === name)!;
  for (const [number, conversation] of demoData.conversations.entries()) {
    const client = byName(conversation.client, 'buyer');
    const business = byName(conversation.business, 'seller');
    const written = conversation.messages.map((message, index) => {
      const createdAt = new Date(now - message.minutesAgo * 60_000);
      return {
        id: uuidv7(createdAt.getTime()),
        senderId: message.from === 'client' ? client.id : business.id,
        body: message.text,
        clientId: `demo-${number}-${index}`,
        createdAt,
      };
    });
    const first = written[0]!;
    const last = written.at(-1)!;
    const chatId = uuidv7(first.createdAt.getTime());
    await db.insert(chats).values({
      id: chatId,
      buyerId: client.id,
      sellerId: business.id,
      createdAt: first.createdAt,
      lastMessageAt: last.createdAt,
    });
    await db.insert(chatMembers).values(
      [client, business].map((member) => ({
        chatId,
        userId: member.id,
        lastReadMessageId: last.id,
      })),
    );
    await db.insert(messages).values(written.map((message) => ({ ...message, chatId })));
  }
}

/**
 * What the local console is told after a seed: the demo login, with the password only when it
 * was made up here and a person is at the terminal to read it (a chosen DEMO_PASSWORD is known
 * already; output without a terminal may be collected with the logs).
 */
export function demoLoginNotice(seed: SeededDemo, console: { terminal: boolean }): string {
  const login = `Demo marketplace: sign in as ${seed.buyerEmail} (client) or ${seed.sellerEmail} (business)`;
  if (!seed.passwordGenerated) return `\n${login} with DEMO_PASSWORD.\n\n`;
  if (console.terminal) {
    return (
      `\n${login} with the password\n\n    ${seed.password}\n\n` +
      'It was made for this database and is shown only here, once. To choose it instead, set ' +
      'DEMO_PASSWORD before the first start.\n\n'
    );
  }
  return (
    `\n${login}. Their password was made for this database and, with no terminal attached, is ` +
    'shown nowhere: set DEMO_PASSWORD before the first start on an empty database, or reset a ' +
    'password through "Forgot password".\n\n'
  );
}
