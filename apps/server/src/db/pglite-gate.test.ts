import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const statements = Array.from({ length: 8 }, () =>
      gate.client.query(SLOW).then(() => (done += 1)),
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

  it("refuses a request's statement that waited past the limit, and still runs the job queue's and the ones in time", async () => {
    const gate = createPgliteGate(pglite, { waitLimitMs: 30 });
    const first = gate.client.query<{ n: number }>(SLOW);
    const late = gate.client.query('select 1 as one');
    const background = gate.run(() => pglite.query<{ two: number }>('select 2 as two'), false);

    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
    expect((await first).rows).toEqual([{ n: 1_500_000 }]);
    expect((await background).rows).toEqual([{ two: 2 }]);
    expect(gate.waiting).toBe(0);
    // Nothing is queued any more: the next statement runs at once.
    expect((await gate.client.query('select 3 as three')).rows).toEqual([{ three: 3 }]);
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
