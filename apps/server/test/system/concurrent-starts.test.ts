import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { DEMO_BUYERS, DEMO_SELLERS } from '../../src/db/seed/seed.js';
import { adminQuery, withDatabase } from '../global-setup.js';
import { entryArgs, startServerProcess, type ServerProcess } from '../server-process.js';

const journal = JSON.parse(
  readFileSync(new URL('../../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

/** `npm run migrate`, from the sources. */
function migrate(env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, entryArgs('migrate'), {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** /readyz's status, asked again each half second until it is 200 or `withinMs` has passed. */
async function readyWithin(url: string, withinMs: number): Promise<number> {
  const until = Date.now() + withinMs;
  for (;;) {
    const { status } = await fetch(`${url}/readyz`);
    if (status === 200 || Date.now() >= until) return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// Only PostgreSQL is shared by processes; an embedded data directory has one process at a time.
describe.runIf(readEnv('DATABASE_URL'))('instances starting together on one PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('take turns: one schema, one demo seed, every start and migrate succeeds', async () => {
    const adminUrl = readEnv('DATABASE_URL')!;
    const name = `maya_test_${randomBytes(6).toString('hex')}`;
    // A fresh database, not the migrated template: the first start migrates it.
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = withDatabase(adminUrl, name);
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-starts-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD: 'concurrent-starts-password',
    };

    // Five processes compile the sources and start at once, beside the suite's other worker: on
    // two busy cores that takes more than a lone start's 30 s, and the test is about turns, not time.
    const servers = Array.from({ length: 3 }, () =>
      startServerProcess(env, { readyWithinMs: 120_000 }),
    );
    const migrations = Array.from({ length: 2 }, () => migrate(env));
    const started = await Promise.allSettled(servers);
    for (const result of started) {
      if (result.status === 'fulfilled') cleanups.push(() => result.value.stop());
    }
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await Promise.all(migrations)).toEqual([0, 0]);
    // Each becomes ready; a probe's 1.5 s ping can miss while the others still seed and migrate.
    for (const server of started as PromiseFulfilledResult<ServerProcess>[]) {
      expect(await readyWithin(server.value.url, 30_000)).toBe(200);
    }

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query('select hash from drizzle.__drizzle_migrations');
      expect(applied.rowCount).toBe(journal.entries.length);
      const roles = await client.query<{ role: string; count: string }>(
        'select role, count(*) from users group by role order by role',
      );
      expect(roles.rows).toEqual([
        { role: 'buyer', count: String(DEMO_BUYERS) },
        { role: 'seller', count: String(DEMO_SELLERS) },
      ]);
    } finally {
      await client.end();
    }
  }, 240_000);
});
