import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import {
  entryArgs,
  freePort,
  newDataDir,
  legacySignUp,
  startServerProcess,
  type ServerProcess,
} from '../server-process.js';

const password = 'a long enough passphrase';

/** Runs a server entry (server, migrate) to its exit; answers its exit code and stderr. */
function runToExit(name: 'server' | 'migrate', env: Record<string, string>) {
  const child = spawn(process.execPath, entryArgs(name), {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
}

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

// The lock guards the embedded database; PostgreSQL takes any number of servers.
describe.skipIf(readEnv('DATABASE_URL'))('one writer per embedded data folder', () => {
  let dataDir = '';
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server and a migrate beside a running one, and loses no write', async () => {
    dataDir = await newDataDir('maya-one-writer-');
    const first = await startServerProcess({ DATA_DIR: dataDir }, { readyWithinMs: 60_000 });
    servers.push(first);
    const emails = Array.from(
      { length: 6 },
      (_, index) => `writer${index}-${Date.now()}@example.test`,
    );
    for (const email of emails.slice(0, 3))
      expect(await legacySignUp(first.url, { email, password })).toBe(201);

    const second = await runToExit('server', {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
    });
    expect(second.code).toBe(1);
    const sentence = `${dataDir} is in use by a server (process ${first.child.pid}); stop it first, or give this one another DATA_DIR.\n`;
    expect(second.stderr).toBe(sentence);

    const migrate = await runToExit('migrate', { DATA_DIR: dataDir });
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toBe(sentence);

    // The first server kept serving, and every account it acknowledged is there after a restart.
    for (const email of emails.slice(3))
      expect(await legacySignUp(first.url, { email, password })).toBe(201);
    await first.stop('SIGTERM');
    const next = await startServerProcess({ DATA_DIR: dataDir }, { readyWithinMs: 60_000 });
    servers.push(next);
    for (const email of emails) expect(await signIn(next.url, email)).toBe(200);

    // A server killed outright leaves its lock behind; the next start takes it over.
    await next.stop('SIGKILL');
    const after = await startServerProcess({ DATA_DIR: dataDir }, { readyWithinMs: 60_000 });
    servers.push(after);
    expect(await signIn(after.url, emails[0]!)).toBe(200);
  }, 180_000);
});
