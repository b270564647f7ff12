import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase, pgliteExtensions } from './db/client.js';

/**
 * Writes the OpenAPI document the app serves at /api/openapi.json to a file (default
 * dist/openapi.json), without listening: the app is built on an empty, migrated in-memory
 * database, and closed. `npm run lint:api` lints the file with Redocly.
 *
 *   node --import tsx apps/server/src/write-openapi.ts [out.json]
 */
const out = resolve(process.argv[2] ?? 'dist/openapi.json');
const dataDir = await mkdtemp(join(tmpdir(), 'maya-openapi-'));
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
  });
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await createDatabase({ kind: 'pglite-instance', client });
  // The schema the app starts on (the job queue checks its own tables at start).
  await database.migrate();
  const app = await buildApp(config, { database, closeDatabase: true, logger: false });
  try {
    await app.ready();
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
  }
  process.stdout.write(`OpenAPI document written to ${out}\n`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
