import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { openPglite } from '../../src/db/client.js';
import { entryArgs, freePort } from '../server-process.js';

// The embedded engine's own folder: the PostgreSQL pass has nothing of it to test.
describe.skipIf(readEnv('DATABASE_URL'))('an embedded database folder that is damaged', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('stops the start with one sentence that names the folder and what to do', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-damaged-'));
    folders.push(dataDir);
    const client = await openPglite(dataDir);
    await client.close();
    await writeFile(join(dataDir, 'pglite', 'global', 'pg_control'), 'not a control file');

    const child = spawn(process.execPath, entryArgs('server'), {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

    expect(code).toBe(1);
    const sentence = stderr.split('\n').find((line) => line.startsWith('The embedded database'));
    expect(sentence).toMatch(
      new RegExp(
        `^The embedded database in ${join(dataDir, 'pglite')} could not be opened \\(.+\\)\\. `,
      ),
    );
    expect(sentence).toMatch(
      /restore the folder from a backup; moving it aside starts an empty database\.$/,
    );
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
