import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../lib/password.js';
import type { Storage } from '../../lib/storage.js';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';
import { createRandom, generateBuyers, generateSellers } from './generate.js';
import { renderDemoAvatar } from './images.js';

export const DEMO_PASSWORD = 'maya-demo-market';
export const DEMO_SELLERS = 48;
export const DEMO_BUYERS = 10;

export interface SeedResult {
  seeded: boolean;
  buyerEmail?: string;
  sellerEmail?: string;
}

/**
 * Fills an empty database with a demo marketplace, its avatars written through the image storage
 * (disk or S3). A database that has any user is left alone, so the seed can never touch real data.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<SeedResult> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((existing?.count ?? 0) > 0) return { seeded: false };

  const random = createRandom(2026);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const sellers = generateSellers(DEMO_SELLERS, { passwordHash, random });
  const buyers = generateBuyers(DEMO_BUYERS, { passwordHash, random });

  const everyone = [...sellers, ...buyers];
  for (const user of everyone) {
    Object.assign(user, await renderDemoAvatar(storage, user.id, user.category, random));
  }
  await db.insert(users).values(everyone);
  // The embedded engine has no autovacuum: without statistics the planner ignores the indexes.
  await db.execute(sql`analyze`);

  const buyerEmail = buyers[0]!.email;
  const sellerEmail = sellers[0]!.email;
  log.info(
    { sellers: sellers.length, buyers: buyers.length },
    `demo marketplace seeded; sign in as ${buyerEmail} (client) or ${sellerEmail} (business) with password "${DEMO_PASSWORD}"`,
  );
  return { seeded: true, buyerEmail, sellerEmail };
}
