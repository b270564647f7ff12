import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealMoveResponseSchema, type PartyDealAction } from '@maya/contracts';
import { readEnv } from '../../src/config.js';
import { offerTerms } from '../deals.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { createPostgresTestDatabase } from '../test-database.js';

/**
 * Two moves on one offer version, sent at once to two server processes on one PostgreSQL: the
 * buyer's accept to one, the business's withdraw or update to the other, 1,000 times each. The
 * row lock decides: exactly one is taken (201) and the other refused with 409 and a problem
 * code, and the deal's state is the winner's. Both winners occur, so the race is a real one.
 */
const TRIALS = 1_000;
/** Trials in flight at once, each on a deal of its own. */
const LANES = 6;
const WITHIN_MS = 10;
const PASSWORD = 'two processes one deal';

const postgres = Boolean(readEnv('DATABASE_URL'));

interface Person {
  id: string;
  token: string;
}

async function post(base: string, path: string, body: unknown, token?: string) {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function person(base: string, role: 'buyer' | 'seller'): Promise<Person> {
  const email = `race-${role}-${randomUUID()}@example.test`;
  const signup = await post(base, '/api/v1/auth/signup', {
    role,
    email,
    password: PASSWORD,
    firstName: role === 'buyer' ? 'Bea' : 'Sol',
    lastName: role === 'buyer' ? 'Lopes' : 'Studio',
    ...(role === 'seller' ? { category: 'photography-events' } : {}),
  });
  expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);
  const login = await post(base, '/api/v1/auth/login', { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { id: login.body.user.id, token: login.body.token };
}

describe.skipIf(!postgres)(
  'two moves on one version at once, in two processes on PostgreSQL',
  () => {
    let dataDir = '';
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    const servers: ServerProcess[] = [];
    const figures: Record<string, string | number>[] = [];

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'maya-deal-race-'));
      database = await createPostgresTestDatabase();
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false' };
      servers.push(await startServerProcess(env));
      servers.push(await startServerProcess(env));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (figures.length > 0) console.table(figures);
    });

    for (const rival of ['withdraw', 'update'] as const) {
      it(`takes exactly one of an accept and a ${rival}, ${TRIALS} times, and refuses the other with 409`, async () => {
        const [one, two] = servers.map((server) => server.url);
        const [buyer, business] = await Promise.all([
          person(one!, 'buyer'),
          person(two!, 'seller'),
        ]);
        const rivalMove: PartyDealAction =
          rival === 'withdraw'
            ? { type: 'withdraw' }
            : { type: 'update', version: 1, terms: offerTerms({ title: 'Updated' }) };
        const wins = { accept: 0, [rival]: 0 };
        // A trial counts when its two moves left within 10 ms of each other (a busy machine can
        // hold the second a little longer): 1,000 such trials, each checked all the same.
        let raced = 0;
        let started = 0;
        const lane = async () => {
          while (raced < TRIALS && started < TRIALS * 2) {
            const trial = started++;
            // Each trial on a fresh offer, alternately made through either process.
            const offered = await post(
              trial % 2 === 0 ? one! : two!,
              '/api/v1/deals',
              {
                partnerId: buyer.id,
                clientId: randomUUID(),
                action: { type: 'offer', terms: offerTerms() },
              },
              business.token,
            );
            expect(offered.status, JSON.stringify(offered.body)).toBe(201);
            const dealId = offered.body.deal.id as string;
            const sent: number[] = [];
            const move = (base: string, who: Person, action: PartyDealAction) => {
              sent.push(performance.now());
              return post(
                base,
                `/api/v1/deals/${dealId}/actions`,
                { clientId: randomUUID(), action },
                who.token,
              );
            };
            // Which process gets which move alternates too.
            const [acceptAt, rivalAt] = trial % 2 === 0 ? [one!, two!] : [two!, one!];
            const [accept, other] = await Promise.all([
              move(acceptAt, buyer, { type: 'accept', version: 1 }),
              move(rivalAt, business, rivalMove),
            ]);
            if (Math.abs(sent[1]! - sent[0]!) < WITHIN_MS) raced += 1;
            const where = `${rival} #${trial}`;
            expect([accept.status, other.status].sort(), where).toEqual([201, 409]);
            const acceptWon = accept.status === 201;
            const winner = dealMoveResponseSchema.parse((acceptWon ? accept : other).body);
            const loser = acceptWon ? other : accept;
            expect(winner.deal.status, where).toBe(
              acceptWon ? 'upcoming' : rival === 'withdraw' ? 'withdrawn' : 'offered',
            );
            expect(loser.body.code, where).toBe(
              acceptWon || rival === 'withdraw' ? 'INVALID_TRANSITION' : 'OFFER_SUPERSEDED',
            );
            wins[acceptWon ? 'accept' : rival] += 1;
          }
        };
        await Promise.all(Array.from({ length: LANES }, lane));
        figures.push({
          race: `accept × ${rival}`,
          trials: started,
          [`within ${WITHIN_MS} ms`]: raced,
          'accept won': wins.accept,
          [`${rival} won`]: wins[rival]!,
          'both or neither won': 0,
        });
        expect(raced).toBeGreaterThanOrEqual(TRIALS);
        // A race that one side always wins proves nothing about the lock.
        expect(wins.accept).toBeGreaterThan(0);
        expect(wins[rival]).toBeGreaterThan(0);
      }, 600_000);
    }
  },
);
