import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readEnv } from '../src/config.js';
import { createDatabase, pgliteExtensions } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The server's entries (server, migrate, backup, restore) bundled once per run, as the build
 * makes them, for the tests that start them as processes: a process then loads one file instead
 * of compiling and resolving the source's hundreds (seconds each on a loaded machine). The bundle
 * sits in apps/server/node_modules, so its external packages resolve as from apps/server/dist:
 * the server's own versions first (its OpenTelemetry packages differ from the ones hoisted to
 * the root), then the root's.
 */
async function bundleServer(): Promise<{ folder: string; remove: () => Promise<void> }> {
  const cache = join(root, 'apps/server/node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const folder = await mkdtemp(join(cache, 'maya-test-server-'));
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', folder], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAYA_COMMIT: 'test' },
  });
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * Migrates once per run. PGlite: a migrated data directory is dumped to a file that every test
 * file loads (about 10x faster than migrating). PostgreSQL: a migrated template database that
 * every test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleServer();
  project.provide('serverBundle', bundle.folder);
  const url = readEnv('DATABASE_URL');
  if (url) {
    const template = `maya_template_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const handle = await createDatabase({ kind: 'postgres', url: withDatabase(url, template) });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDump', '');
    project.provide('pgliteDataTemplate', '');
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await bundle.remove();
    };
  }

  // Migrated once on disk, as a server's DATA_DIR holds it: the in-process tests load its dump,
  // and a test that starts a server on a new folder copies the folder (test/server-process.ts).
  const folder = await mkdtemp(join(tmpdir(), 'maya-test-'));
  const dataTemplate = join(folder, 'data');
  await mkdir(dataTemplate);
  const client = await PGlite.create(join(dataTemplate, 'pglite'), {
    extensions: pgliteExtensions,
  });
  const handle = await createDatabase({ kind: 'pglite-instance', client });
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  const file = join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  project.provide('pgliteDataTemplate', dataTemplate);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(folder, { recursive: true, force: true });
    await bundle.remove();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
