import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestTurns } from './background-work.js';
import { createPgliteGate, DatabaseBusyError, isDatabaseBusy } from './pglite-gate.js';

/** A statement that keeps the engine busy for a while (tens to hundreds of ms). */
const SLOW = 'select count(*)::int as n from generate_series(1, 1500000)';

describe('the embedded database gate', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('lets the event loop turn between two queued statements, so a timer fires amid the queue', async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: Number.POSITIVE_INFINITY });
    let done = 0;
    // Each takes milliseconds, well past the timer's: its place in the queue, not its length, counts.
    const statements = Array.from({ length: 8 }, () =>
      gate.client.query(SLOW.replace('1500000', '200000')).then(() => (done += 1)),
    );
    const doneWhenTimerFired = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(done), 0),
    );
    await Promise.all(statements);

    expect(done).toBe(8);
    expect(doneWhenTimerFired).toBeLessThanOrEqual(2);
  });

  it('starts a statement sent to an idle engine only after the event loop has turned', async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: Number.POSITIVE_INFINITY });
    const order: string[] = [];
    const statement = gate.run(async () => {
      order.push('statement');
    });
    // The rest of this turn (another socket's request, a promise chain) comes first.
    for (let step = 0; step < 10; step += 1) await Promise.resolve();
    order.push('same turn');
    await statement;

    expect(order).toEqual(['same turn', 'statement']);
  });

  it('runs statements in the order they were sent', async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: Number.POSITIVE_INFINITY });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        gate.client
          .query<{ n: number }>('select $1::int as n', [index])
          .then((result) => order.push(result.rows[0]!.n)),
      ),
    );

    expect(order).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it("serves a request's statements before the background work's queued ahead of them", async () => {
    let inJob = false;
    const gate = createPgliteGate(pglite, {
      waitLimitMs: Number.POSITIVE_INFINITY,
      isBackground: () => inJob,
      backgroundWaitLimitMs: 60_000,
    });
    const order: string[] = [];
    const send = (name: string, background: boolean) => {
      inJob = background;
      const statement = gate.client.query('select 1').then(() => order.push(name));
      inJob = false;
      return statement;
    };
    const running = send('job 1', true);
    const queued = [send('job 2', true), send('job 3', true), send('request 1', false)];
    queued.push(send('request 2', false));
    await Promise.all([running, ...queued]);

    expect(order).toEqual(['request 1', 'request 2', 'job 1', 'job 2', 'job 3']);
  });

  it('lets a background statement go first once it has waited its limit behind steady requests', async () => {
    let inJob = false;
    const gate = createPgliteGate(pglite, {
      waitLimitMs: Number.POSITIVE_INFINITY,
      isBackground: () => inJob,
      backgroundWaitLimitMs: 20,
    });
    let jobDone = false;
    let jobQueued = false;
    let requestsWhileJobWaited = 0;
    // Two requesters that send the next statement as soon as theirs is answered, so one always
    // waits, for as long as the job waits (at most 10 s). They start first: the job then queues
    // behind a running request whatever the machine's load (an idle gate would run it at once).
    const requester = async () => {
      const deadline = performance.now() + 10_000;
      while (!jobDone && performance.now() < deadline) {
        await gate.client.query(SLOW.replace('1500000', '20000'));
        if (jobQueued && !jobDone) requestsWhileJobWaited += 1;
      }
    };
    const requesters = [requester(), requester()];
    const sentAt = performance.now();
    inJob = true;
    const job = gate.client.query('select 1').then(() => {
      jobDone = true;
      return performance.now() - sentAt;
    });
    jobQueued = true;
    inJob = false;
    const [jobWaitedMs] = await Promise.all([job, ...requesters]);

    expect(requestsWhileJobWaited).toBeGreaterThan(0);
    // Its limit, plus the statement running when it was reached: not the traffic's 10 s.
    expect(jobWaitedMs).toBeLessThan(3_000);
  });

  it("refuses a request's statement that waited past the limit, and still runs the job queue's and the ones in time", async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: 30 });
    // Not limited itself: on a loaded machine the loop's first turn alone can take the 30 ms.
    const first = gate.run(() => pglite.query<{ n: number }>(SLOW), false);
    const late = gate.client.query('select 1 as one');
    const background = gate.run(() => pglite.query<{ two: number }>('select 2 as two'), false);

    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
    expect((await first).rows).toEqual([{ n: 1_500_000 }]);
    expect((await background).rows).toEqual([{ two: 2 }]);
    expect(gate.waiting).toBe(0);
    // Nothing is queued any more: the next statement runs at once.
    expect((await gate.client.query('select 3 as three')).rows).toEqual([{ three: 3 }]);
  });

  it("counts a request's wait from its arrival: a later statement of a request that has waited its limit in all is refused", async () => {
    // Long enough spans that a loaded machine's late timers (300 ms and more seen beside the
    // browser suite) change no outcome.
    let arrivedAt: number | undefined;
    const gate = createPgliteGate(pglite, {
      waitLimitMs: 1500,
      request: () =>
        arrivedAt === undefined ? undefined : { arrivedAt, started: false, waitedMs: 0 },
    });
    // A request that arrived 750 ms ago: its first statement takes its turn at once, in time.
    arrivedAt = performance.now() - 750;
    expect((await gate.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // Its next statement waits behind 900 ms of another's: 1,650 ms since the request arrived,
    // although this statement itself waited less than the limit.
    const busy = gate.run(() => new Promise((resolve) => setTimeout(resolve, 900)), false);
    const second = gate.client.query('select 2 as two');
    await expect(second).rejects.toBeInstanceOf(DatabaseBusyError);
    await busy;
    // A request that has only just arrived waits behind the same and is served.
    arrivedAt = performance.now();
    const held = gate.run(() => new Promise((resolve) => setTimeout(resolve, 900)), false);
    expect((await gate.client.query('select 3 as three')).rows).toEqual([{ three: 3 }]);
    await held;
    // Work that serves no request counts from its own statement, as before.
    arrivedAt = undefined;
    expect((await gate.client.query('select 4 as four')).rows).toEqual([{ four: 4 }]);
  });

  it('serves a request under way before requests not started, so under overload the started ones finish', async () => {
    let current: RequestTurns | undefined;
    const gate = createPgliteGate(pglite, { waitLimitMs: 400, request: () => current });
    const order: string[] = [];
    /** A request's statement, sent as that request (each takes 20 ms of the engine). */
    const statement = (request: RequestTurns, name: string) => {
      current = request;
      const sent = gate.run(async () => {
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      current = undefined;
      return sent;
    };
    const requests = Array.from({ length: 12 }, () => ({
      arrivedAt: performance.now(),
      started: false,
      waitedMs: 0,
    }));
    // Each request sends its first statement, then, once it is answered, its second: a queue of
    // new requests is already waiting when the first request's second statement comes.
    const answered = requests.map((request, index) =>
      statement(request, `${index}a`).then(() => statement(request, `${index}b`)),
    );
    const outcomes = await Promise.allSettled(answered);
    // The first request's second statement went before the eleven first statements behind it,
    // and so did every request's: each finished before the next one started.
    expect(order.slice(0, 3)).toEqual(['0a', '0b', '1a']);
    for (const [index] of requests.entries()) {
      if (order.includes(`${index}b`)) {
        expect(order.indexOf(`${index}b`)).toBe(order.indexOf(`${index}a`) + 1);
      }
    }
    // 480 ms of work against a 400 ms limit: the first requests are answered, the last refused.
    expect(outcomes[0]!.status).toBe('fulfilled');
    expect(outcomes.at(-1)).toMatchObject({ status: 'rejected' });
    expect((outcomes.at(-1) as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseBusyError);
    // The gate marks a request under way once one of its statements has had its turn.
    for (const [index, request] of requests.entries()) {
      expect(request.started).toBe(order.includes(`${index}a`));
    }
  });

  it("counts a request's waits for the database, not the time it spends on its own work between statements", async () => {
    const request: RequestTurns = { arrivedAt: performance.now(), started: false, waitedMs: 0 };
    const gate = createPgliteGate(pglite, { waitLimitMs: 200, request: () => request });
    expect((await gate.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // 300 ms of its own work (a Maya turn reading and writing), then two more statements: served,
    // since the request has waited for the database only a few milliseconds in all.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await gate.client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    expect((await gate.client.query('select 3 as three')).rows).toEqual([{ three: 3 }]);
    expect(request.waitedMs).toBeLessThan(100);
    // Its next statement waits behind 250 ms of another's: past the limit in all, refused.
    let running!: () => void;
    const holding = new Promise<void>((resolve) => (running = resolve));
    const busy = gate.run(async () => {
      running();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }, false);
    await holding;
    await expect(gate.client.query('select 4 as four')).rejects.toBeInstanceOf(DatabaseBusyError);
    await busy;
  });

  it('refuses a statement waiting behind a transaction once its time is up, before the transaction ends', async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: 30 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = gate.client.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
    });
    const startedAt = performance.now();

    await expect(gate.client.query('select 1')).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    release();
    await transaction;
  });

  it('is recognised through Drizzle, which wraps the driver error', async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: 30 });
    const db = drizzle(gate.client);
    // Drizzle's queries start when awaited or `then`ed.
    const first = db.execute(sql.raw(SLOW)).then((result) => result);
    const late = db.execute(sql`select 1`).catch((error: unknown) => error);

    expect(isDatabaseBusy(await late)).toBe(true);
    expect(isDatabaseBusy(new Error('other'))).toBe(false);
    await first;
  });
});
