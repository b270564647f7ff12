import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { DUMP_FILE, MANIFEST_FILE } from '../../src/db/backup.js';
import { latestMigration } from '../../src/db/schema-version.js';
import {
  entryArgs,
  legacySignUp,
  startServerProcess,
  type ServerProcess,
} from '../server-process.js';

/** `npm run backup` or `npm run restore` from the sources, on `dataDir`. */
async function command(name: 'backup' | 'restore', dataDir: string, folder: string) {
  const child = spawn(process.execPath, [...entryArgs(name), folder], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

const password = 'backup proof passphrase';

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

// The embedded database only: PostgreSQL is backed up with pg_dump (README, Production).
describe.skipIf(readEnv('DATABASE_URL'))('backup and restore of the embedded database', () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('backs up a running server and a stopped one, and a restored DATA_DIR serves the data', async () => {
    const work = await mkdtemp(join(tmpdir(), 'maya-backup-'));
    folders.push(work);
    const dataDir = join(work, 'data');
    // The demo seed puts images in DATA_DIR/uploads; on a loaded machine it takes a while.
    const first = await startServerProcess(
      { DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_PASSWORD: password },
      { readyWithinMs: 120_000 },
    );
    servers.push(first);
    const email = `backup-seller-${Date.now()}@example.test`;
    expect(await legacySignUp(first.url, { email, password, role: 'seller' })).toBe(201);
    const featured = (await fetch(`${first.url}/api/v1/users/featured`).then((r) => r.json())) as {
      items: { id: string; imageUrl: string | null }[];
    };
    const withImage = featured.items.find((item) => item.imageUrl);
    expect(withImage?.imageUrl).toBeTruthy();

    // While it runs: the server writes the backup.
    const running = await command('backup', dataDir, join(work, 'running'));
    expect(running.output).toContain('running server');
    expect(running.code).toBe(0);
    // A sign-up after the backup is not in it.
    const later = `backup-later-${Date.now()}@example.test`;
    expect(await legacySignUp(first.url, { email: later, password, role: 'seller' })).toBe(201);
    await first.stop();
    expect(first.child.exitCode).toBe(0);
    expect(await readdir(dataDir)).not.toContain('server.pid');

    // Stopped: the command opens the data directory itself.
    const stopped = await command('backup', dataDir, join(work, 'stopped'));
    expect(stopped.code, stopped.output).toBe(0);

    for (const [backup, laterStatus] of [
      ['running', 401],
      ['stopped', 200],
    ] as const) {
      const restoredDir = join(work, `restored-${backup}`);
      const restore = await command('restore', restoredDir, join(work, backup));
      expect(restore.code, restore.output).toBe(0);
      const again = await command('restore', restoredDir, join(work, backup));
      expect(again.code).toBe(1);
      expect(again.output).toContain('already holds a database');

      const server = await startServerProcess(
        { DATA_DIR: restoredDir, SEED_DEMO: 'false' },
        { readyWithinMs: 120_000 },
      );
      servers.push(server);
      expect(await signIn(server.url, email)).toBe(200);
      expect(await signIn(server.url, later)).toBe(laterStatus);
      const image = await fetch(new URL(withImage!.imageUrl!, server.url));
      expect(image.status).toBe(200);
      await server.stop();
    }

    // Each backup is its owner's alone, and says which schema it holds.
    const latest = await latestMigration();
    for (const backup of ['running', 'stopped']) {
      const folder = join(work, backup);
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      for (const file of [DUMP_FILE, MANIFEST_FILE, 'uploads']) {
        const mode = (await stat(join(folder, file))).mode & 0o777;
        expect(mode === 0o600 || mode === 0o700, `${backup}/${file}: ${mode.toString(8)}`).toBe(
          true,
        );
      }
      const manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8'));
      expect(manifest.schema).toEqual(latest);
    }

    // A backup from a newer schema is refused, and nothing is restored.
    const newer = join(work, 'newer');
    await cp(join(work, 'stopped'), newer, { recursive: true });
    const manifest = JSON.parse(await readFile(join(newer, MANIFEST_FILE), 'utf8'));
    manifest.schema = { tag: '9999_from_the_future', when: latest.when + 1 };
    await writeFile(join(newer, MANIFEST_FILE), JSON.stringify(manifest));
    const refused = await command('restore', join(work, 'restored-newer'), newer);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `its schema (9999_from_the_future) is newer than this version of Maya Market knows (${latest.tag})`,
    );
    expect(await readdir(join(work, 'restored-newer'))).not.toContain('pglite');
  }, 480_000);
});
