import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealResponseSchema } from '@maya/contracts';
import { readEnv } from '../../src/config.js';
import { MAYA_ANSWERS_QUEUE } from '../../src/modules/negotiation/maya-answers.js';
import { offerTerms, quoteRequest } from '../deals.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { createPostgresTestDatabase } from '../test-database.js';

/**
 * Maya and the business answering one quote request at the same moment, in two server processes
 * on one PostgreSQL (both run workers on Maya's queue): her waiting turn is made due just as the
 * business's own offer is sent to a process, and the deal ends with exactly one business
 * version, either hers at the listed price or the business's, never both. The same turn
 * delivered twice, to both processes' workers at once, makes one move too.
 */
const TRIALS = 200;
/** Trials in flight at once, each on a deal of its own with a buyer of its own lane. */
const LANES = 4;
const DUPLICATE_TRIALS = 60;
/** Businesses the trials take turns among. */
const BUSINESSES = 8;
const PASSWORD = 'two processes one turn';
const LIST = 50_000;
const HAND = 47_000;
const when = { from: '2031-03-10', to: '2031-03-10' };

const postgres = Boolean(readEnv('DATABASE_URL'));

interface Person {
  id: string;
  token: string;
}

interface Business extends Person {
  serviceId: string;
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds of its answer, which it resolves with. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 15_000, everyMs = 20, what = 'a condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

describe.skipIf(!postgres)(
  'Maya and the business answering at once, in two processes on PostgreSQL',
  () => {
    let dataDir = '';
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let sql: pg.Pool;
    const servers: ServerProcess[] = [];
    /** Each process's log, warnings and errors (LOG_LEVEL warn). */
    const logs: string[][] = [[], []];
    const figures: Record<string, string | number>[] = [];
    const businesses: Business[] = [];
    const buyers: Person[] = [];
    /** Every deal the trials made, for the checks across all of them. */
    const dealIds: string[] = [];

    async function person(base: string, role: 'buyer' | 'seller'): Promise<Person> {
      const email = `maya-race-${role}-${randomUUID()}@example.test`;
      const signup = await call(base, 'POST', '/api/v1/auth/signup', {
        role,
        email,
        password: PASSWORD,
        description: 'Racing',
        location: { address: 'Praça do Comércio, Lisbon', lat: 38.7075, lng: -9.1364 },
        ...(role === 'seller'
          ? { businessName: 'Cais Removals', category: 'hospitality' }
          : { firstName: 'Bea', lastName: 'Lopes' }),
      });
      expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);
      // Maya answers only a confirmed buyer: the mailed link stands in for SQL here.
      await sql.query('update users set email_verified_at = now() where email = $1', [email]);
      const login = await call(base, 'POST', '/api/v1/auth/login', { email, password: PASSWORD });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      return { id: login.body.user.id, token: login.body.token };
    }

    interface JobRow {
      id: string;
      state: string;
    }

    const jobsOf = async (dealId: string) =>
      (
        await sql.query<JobRow>(
          `select id, state from pgboss.job where name = $1 and data->>'dealId' = $2
           order by created_on, id`,
          [MAYA_ANSWERS_QUEUE, dealId],
        )
      ).rows;

    /** The buyer's request for the house move, through `base`, once Maya's turn waits. */
    async function request(base: string, buyer: Person, business: Business): Promise<string> {
      const requested = await call(
        base,
        'POST',
        '/api/v1/deals',
        {
          partnerId: business.id,
          clientId: randomUUID(),
          action: {
            type: 'request',
            request: quoteRequest({
              serviceId: business.serviceId,
              need: 'Moving a two-bedroom flat.',
              when,
              where: 'Lisboa',
              budget: { amount: 45_000, currency: 'EUR' },
            }),
          },
        },
        buyer.token,
      );
      expect(requested.status, JSON.stringify(requested.body)).toBe(201);
      const dealId = requested.body.deal.id as string;
      dealIds.push(dealId);
      // Her turn is queued after the move's commit, to wait the business's ten minutes.
      await until(
        () => jobsOf(dealId),
        (jobs) => jobs.length === 1,
        { what: `Maya's turn on ${dealId}` },
      );
      return dealId;
    }

    /** Every job of the deal's turn done (none failed), as the workers leave them. */
    const jobsDone = (dealId: string, count: number) =>
      until(
        () => jobsOf(dealId),
        (jobs) => jobs.length === count && jobs.every((job) => job.state === 'completed'),
        { what: `Maya's turn done on ${dealId}` },
      );

    const versionsOf = async (dealId: string) =>
      (
        await sql.query<{ number: number; by: string; price_amount: number }>(
          'select number, by, price_amount from deal_versions where deal_id = $1 order by number',
          [dealId],
        )
      ).rows;

    const negotiationOf = async (dealId: string) =>
      (
        await sql.query<{ status: string; stop_reason: string | null }>(
          'select status, stop_reason from maya_negotiations where deal_id = $1',
          [dealId],
        )
      ).rows[0];

    const mayaActsOf = async (dealId: string) =>
      (
        await sql.query<{ act: string }>(
          `select act->>'act' as act from maya_log where deal_id = $1 order by at, id`,
          [dealId],
        )
      ).rows.map((row) => row.act);

    /**
     * Maya's own words about a deal (not its move cards), as their client ids name it: the chat
     * is the pair's, shared by the lane's other deals with the business.
     */
    const mayaWordsOf = async (dealId: string) =>
      Number(
        (
          await sql.query<{ count: string }>(
            `select count(*) from messages m join deals d on d.chat_id = m.chat_id
             where d.id = $1 and m.by_assistant and m.deal_id is null
               and m.client_id like '%' || d.id || '%'`,
            [dealId],
          )
        ).rows[0]!.count,
      );

    /**
     * One buyer's next request may be Maya's again: her one negotiation per buyer and service
     * in 30 days is counted from when it began, so the lane's last one is moved back past it.
     */
    const ageNegotiation = (dealId: string) =>
      sql.query(
        `update maya_negotiations set started_at = started_at - interval '31 days'
         where deal_id = $1`,
        [dealId],
      );

    /** Runs `lane` once per buyer at once; the first failure stops the other lanes' trials. */
    async function inLanes(lane: (buyer: Person, running: () => boolean) => Promise<void>) {
      let failed = false;
      const results = await Promise.allSettled(
        buyers.map((buyer) =>
          lane(buyer, () => !failed).catch((error: unknown) => {
            failed = true;
            throw error;
          }),
        ),
      );
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    }

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'maya-answer-race-'));
      database = await createPostgresTestDatabase();
      sql = new pg.Pool({ connectionString: database.url, max: LANES * 2 + 2 });
      // A connection the database's drop ends is no failure of the test.
      sql.on('error', () => undefined);
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        JOBS_POLL_SECONDS: '0.5',
      };
      servers.push(...(await Promise.all(logs.map((log) => startServerProcess(env, { log })))));
      const [one, two] = servers.map((server) => server.url);

      // Maya's words count in her business's messages a minute (60), as its own would: the
      // trials take turns among several businesses so that none reaches it.
      for (let index = 0; index < BUSINESSES; index += 1) {
        const owner = await person(index % 2 === 0 ? one! : two!, 'seller');
        await sql.query(`update users set plan = 'pro' where id = $1`, [owner.id]);
        const service = await call(
          one!,
          'POST',
          '/api/v1/me/services',
          {
            name: 'House move',
            description: 'A van, two movers, up to 6 hours.',
            priceFrom: LIST,
            priceTo: null,
            unit: 'event',
            currency: 'EUR',
          },
          owner.token,
        );
        expect(service.status, JSON.stringify(service.body)).toBe(201);
        const serviceId = service.body.id as string;
        const settings = await call(
          two!,
          'PUT',
          '/api/v1/me/negotiation',
          {
            enabled: true,
            answerAfterMinutes: 10,
            atOnceWhenOffline: false,
            counterLimit: 3,
            blockedDates: [],
            services: [{ serviceId, floor: 40_000, keepBack: 5_000 }],
          },
          owner.token,
        );
        expect(settings.status, JSON.stringify(settings.body)).toBe(200);
        businesses.push({ ...owner, serviceId });
      }
      for (let lane = 0; lane < LANES; lane += 1) {
        buyers.push(await person(lane % 2 === 0 ? one! : two!, 'buyer'));
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await sql?.end();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (figures.length > 0) console.table(figures);
      const logged = logs.flat();
      if (logged.length > 0) {
        console.log(`the processes' warnings and errors (${logged.length}):`);
        console.log(logged.slice(0, 20).join('\n'));
      }
    });

    it(`takes one answer of Maya's turn and the business's own offer sent at once, ${TRIALS} times`, async () => {
      const [one, two] = servers.map((server) => server.url);
      const wins = { maya: 0, business: 0 };
      /** Trials whose hand offer left while her turn's job was still running. */
      let overlapped = 0;
      const refusals = new Map<string, number>();
      let started = 0;
      const startedAt = performance.now();

      const lane = async (buyer: Person, running: () => boolean) => {
        while (running() && started < TRIALS) {
          const trial = started++;
          const business = businesses[trial % BUSINESSES]!;
          const dealId = await request(trial % 2 === 0 ? one! : two!, buyer, business);
          const where = `trial #${trial} (${dealId})`;

          // Her turn is made due, and as soon as a worker takes it the business's offer leaves,
          // to either process (both run her workers): her turn's reads before its move and the
          // offer's request run side by side. A jitter of a few milliseconds varies who locks
          // the deal first.
          await sql.query(
            `update pgboss.job set start_after = now() where name = $1 and data->>'dealId' = $2`,
            [MAYA_ANSWERS_QUEUE, dealId],
          );
          const [job] = await until(
            () => jobsOf(dealId),
            (jobs) => jobs[0]?.state !== 'created',
            { everyMs: 1, what: `a worker taking ${dealId}` },
          );
          await sleep(trial % 4);
          if (job!.state === 'active') overlapped += 1;
          const hand = await call(
            trial % 2 === 0 ? two! : one!,
            'POST',
            `/api/v1/deals/${dealId}/actions`,
            {
              clientId: randomUUID(),
              action: {
                type: 'offer',
                terms: offerTerms({ price: { amount: HAND, currency: 'EUR' }, when }),
              },
            },
            business.token,
          );
          await jobsDone(dealId, 1);

          const versions = await versionsOf(dealId);
          expect(
            versions.filter((version) => version.by === 'business'),
            where,
          ).toHaveLength(1);
          expect(versions, where).toHaveLength(1);
          if (hand.status === 201) {
            wins.business += 1;
            expect(versions[0]!.price_amount, where).toBe(HAND);
            // Her part ends after the business's commit.
            const ended = await until(
              () => negotiationOf(dealId),
              (row) => row?.status !== 'active',
              { what: `Maya's part handed over on ${dealId}` },
            );
            expect(ended, where).toEqual({
              status: 'handed_over',
              stop_reason: 'business_answered',
            });
            // Her last step, the hand-over, is logged after its words.
            const acts = await until(
              () => mayaActsOf(dealId),
              (logged) => logged.length > 0,
              { what: `Maya's hand-over logged on ${dealId}` },
            );
            expect(acts, where).toEqual(['hand_over']);
          } else {
            wins.maya += 1;
            expect(hand.status, `${where}: ${JSON.stringify(hand.body)}`).toBe(409);
            expect(typeof hand.body.code, where).toBe('string');
            refusals.set(hand.body.code, (refusals.get(hand.body.code) ?? 0) + 1);
            expect(versions[0]!.price_amount, where).toBe(LIST);
            expect(await mayaActsOf(dealId), where).toEqual(['offer']);
            expect(await negotiationOf(dealId), where).toEqual({
              status: 'active',
              stop_reason: null,
            });
          }
          // The buyer sees the one version too.
          const seen = await call(one!, 'GET', `/api/v1/deals/${dealId}`, undefined, buyer.token);
          expect(seen.status, where).toBe(200);
          expect(dealResponseSchema.parse(seen.body).deal.versions, where).toHaveLength(1);
          await ageNegotiation(dealId);
        }
      };
      await inLanes(lane);

      figures.push({
        race: "Maya's turn × the business's offer",
        trials: started,
        'taken while her turn ran': overlapped,
        'Maya won': wins.maya,
        'the business won': wins.business,
        'business refused with': [...refusals].map(([code, n]) => `${code} ${n}`).join(', '),
        'both answered': 0,
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      });
      expect(wins.maya + wins.business).toBe(TRIALS);
      // A race that one side always wins proves nothing about the deal's lock.
      expect(wins.maya).toBeGreaterThan(0);
      expect(wins.business).toBeGreaterThan(0);
    }, 120_000);

    it(`makes one move of a turn delivered to both processes' workers at once, ${DUPLICATE_TRIALS} times`, async () => {
      const [one, two] = servers.map((server) => server.url);
      const startedAt = performance.now();
      const made: { dealId: string; sameKey: boolean }[] = [];
      await inLanes(async (buyer, running) => {
        while (running() && made.length < DUPLICATE_TRIALS) {
          const trial = made.length;
          const business = businesses[trial % BUSINESSES]!;
          made.push({ dealId: '', sameKey: trial % 2 === 0 });
          made[trial]!.dealId = await request(trial % 2 === 0 ? one! : two!, buyer, business);
        }
      });
      const dealsMade = made.map(({ dealId }) => dealId);
      // None of these turns has run yet: each of them is the buyer's first with Maya.
      await sql.query(
        `update maya_negotiations set started_at = started_at - interval '31 days'
         where deal_id = any($1::uuid[])`,
        [dealsMade],
      );
      // Each turn a second time, queued beside the first (the same time of queueing), so that
      // the two processes' workers, draining them all at once, take the two together: every
      // other one as a retry of it under its key (the queue's one-running-job-per-key rule
      // holds it back), the others under a key of their own, so that only the move's client id
      // and the offer guard's check stand between them.
      for (const { dealId, sameKey } of made) {
        await sql.query(
          `insert into pgboss.job
             (name, data, state, singleton_key, policy, retry_limit, start_after, created_on)
           select name, data, $3::pgboss.job_state,
                  singleton_key || case when $4 then '' else ':again' end,
                  policy, retry_limit, start_after, created_on
           from pgboss.job where name = $1 and data->>'dealId' = $2`,
          [MAYA_ANSWERS_QUEUE, dealId, sameKey ? 'retry' : 'created', sameKey],
        );
      }
      await sql.query(
        `update pgboss.job set start_after = now()
         where name = $1 and data->>'dealId' = any($2::text[])`,
        [MAYA_ANSWERS_QUEUE, dealsMade],
      );

      let logged = 0;
      /**
       * Trials under keys of their own whose two jobs ran at once: one was taken before the
       * other was done. (Under one key, a worker's take can wait on the other's completion and
       * date itself before it, so the same reading says nothing there.)
       */
      let atOnce = 0;
      for (const { dealId, sameKey } of made) {
        const where = `duplicate ${sameKey ? 'under its key' : 'under a key of its own'} (${dealId})`;
        await jobsDone(dealId, 2);
        const [overlap] = (
          await sql.query<{ overlapped: boolean }>(
            `select max(started_on) < min(completed_on) as overlapped from pgboss.job
             where name = $1 and data->>'dealId' = $2`,
            [MAYA_ANSWERS_QUEUE, dealId],
          )
        ).rows;
        if (overlap?.overlapped && !sameKey) atOnce += 1;

        const versions = await versionsOf(dealId);
        expect(
          versions.map((version) => [version.by, version.price_amount]),
          where,
        ).toEqual([['business', LIST]]);
        expect(await mayaWordsOf(dealId), where).toBe(1);
        expect(await negotiationOf(dealId), where).toEqual({ status: 'active', stop_reason: null });
        // Her log holds the one step: the turn answered with the other's move adds none.
        const acts = await mayaActsOf(dealId);
        logged += acts.length;
        expect(acts, where).toEqual(['offer']);
      }

      figures.push({
        race: 'one turn delivered twice',
        trials: made.length,
        'own key, ran at once': `${atOnce} of ${made.filter((trial) => !trial.sameKey).length}`,
        'Maya won': made.length,
        'log entries': logged,
        'both answered': 0,
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      });
      // Turns that never ran together would prove nothing about the client id and the check.
      expect(atOnce).toBeGreaterThan(0);
    }, 120_000);

    it('leaves no deal with two versions by the business from one turn', async () => {
      expect(dealIds.length).toBe(TRIALS + DUPLICATE_TRIALS);
      const doubled = await sql.query(
        `select deal_id, count(*) from deal_versions
         where by = 'business' and deal_id = any($1::uuid[])
         group by deal_id having count(*) > 1`,
        [dealIds],
      );
      expect(doubled.rows).toEqual([]);
    });
  },
);
