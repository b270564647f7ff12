import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { earthPoint } from '../../src/db/schema/users.js';
import { adminQuery, withDatabase } from '../global-setup.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { createPostgresTestDatabase } from '../test-database.js';

const LISBON = { lat: 38.72, lng: -9.14 };
const hasTool = (tool: string) => spawnSync(tool, ['--version']).status === 0;

/** The rows of the last of `statements`, run one after another on one connection. */
async function query<Row>(url: string, ...statements: string[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Row[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows as Row[];
    return rows;
  } finally {
    await client.end();
  }
}

async function businessesNearLisbon(url: string): Promise<string[]> {
  const response = await fetch(
    `${url}/api/v1/users?near=${LISBON.lat},${LISBON.lng}&radiusKm=25&limit=50`,
  );
  expect(response.status).toBe(200);
  const page = (await response.json()) as { items: { name: string }[] };
  return page.items.map((item) => item.name).sort();
}

/**
 * The README's PostgreSQL backup, as an operator runs it: `pg_dump --format=custom` of a served
 * database, `pg_restore --no-owner` into an empty one, and a start there. The restore must exit 0
 * (an index whose expression names a function without its schema fails under pg_restore's empty
 * search_path), and the radius search must find the same businesses through its index.
 */
describe.runIf(readEnv('DATABASE_URL') && hasTool('pg_dump') && hasTool('pg_restore'))(
  'a PostgreSQL dump restored with pg_restore',
  () => {
    const cleanups: (() => Promise<void>)[] = [];
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of servers) await server.stop('SIGKILL');
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('restores with exit 0 into an empty database, which a new start serves with its radius index', async () => {
      const work = await mkdtemp(join(tmpdir(), 'maya-pg-restore-'));
      cleanups.push(() => rm(work, { recursive: true, force: true }));
      const source = await createPostgresTestDatabase();
      cleanups.push(() => source.drop());
      const env = { DATA_DIR: work, SEED_DEMO: 'true', DEMO_PASSWORD: 'restore drill passphrase' };

      const first = await startServerProcess({ ...env, DATABASE_URL: source.url });
      servers.push(first);
      const before = await businessesNearLisbon(first.url);
      expect(before.length).toBeGreaterThan(0);
      await first.stop();

      const dump = join(work, 'maya.dump');
      const dumped = spawnSync('pg_dump', ['--format=custom', `--file=${dump}`, source.url], {
        encoding: 'utf8',
      });
      expect(dumped.stderr).toBe('');
      expect(dumped.status).toBe(0);

      const admin = readEnv('DATABASE_URL')!;
      const name = `maya_restored_${randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const target = withDatabase(admin, name);
      const restored = spawnSync('pg_restore', ['--no-owner', `--dbname=${target}`, dump], {
        encoding: 'utf8',
      });
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);

      const indexes = await query<{ indexname: string }>(
        target,
        `select indexname from pg_indexes where tablename = 'users'`,
      );
      expect(indexes.map((row) => row.indexname)).toEqual(
        expect.arrayContaining(['users_earth_idx', 'users_buyer_earth_idx']),
      );
      // The radius search's filter, as the directory writes it, is answered from the index.
      const point = new PgDialect().sqlToQuery(earthPoint(sql.raw('lat'), sql.raw('lng'))).sql;
      const plan = await query<{ 'QUERY PLAN': string }>(
        target,
        'set enable_seqscan = off',
        `explain select id from users where earth_box(ll_to_earth(${LISBON.lat}, ${LISBON.lng}), 25000) @> ${point}`,
      );
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('users_earth_idx');

      const second = await startServerProcess({ ...env, DATABASE_URL: target });
      servers.push(second);
      expect(await businessesNearLisbon(second.url)).toEqual(before);
      const signIn = await fetch(`${second.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'ana.silva@demo.mayamarket.example',
          password: 'restore drill passphrase',
        }),
      });
      expect(signIn.status).toBe(200);
    }, 180_000);
  },
);
