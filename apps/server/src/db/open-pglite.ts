import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Opening the embedded database, apart from the rest of the database layer: the server starts it
 * before it loads its other modules, so the engine's files are read and compiled meanwhile.
 */
export const pgliteExtensions = { pg_trgm, cube, earthdistance };

/**
 * How much of a WebAssembly function V8 runs with its baseline code before compiling it again
 * with its optimising compiler: 100 times its default (1.8 MB of code executed). The engine is one
 * module of some 10 MB; by default, opening it and its first few hundred statements set off that
 * compiler on hundreds of functions at once, which took the machine's cores from the server's own
 * start-up, stalled it for 100 ms at a time, and left the first statements slower than later
 * ones. A function run that much longer is still compiled again: a search run a thousand times
 * ends as fast either way. Set by the server's entry for its own process (server.ts); the tests
 * and benchmarks, which build the app in processes of their own, keep V8's default.
 */
const WASM_TIERING_BUDGET = 180_000_000;
export function optimiseEngineLater(): void {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

/** The embedded database could not start; the message says what to do. */
export class DatabaseOpenError extends Error {
  constructor(folder: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `The embedded database in ${folder} could not be opened (${reason}). Its folder may be ` +
        'damaged, or the disk full or read-only. Free some space, or restore the folder from a ' +
        'backup; moving it aside starts an empty database.',
      { cause },
    );
    this.name = 'DatabaseOpenError';
  }
}

export async function openPglite(dataDir: string): Promise<PGlite> {
  const folder = join(dataDir, 'pglite');
  try {
    await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create(folder, {
      extensions: pgliteExtensions,
      // PostgreSQL's default 128 MB of buffers lives inside the engine's own memory here, on top
      // of the operating system's file cache that reads go through anyway; 32 MB keeps the
      // server's footprint about 100 MB smaller.
      postgresqlconf: ['shared_buffers = 32MB'],
    });
    await client.query('select 1');
    return client;
  } catch (error) {
    throw new DatabaseOpenError(folder, error);
  }
}
