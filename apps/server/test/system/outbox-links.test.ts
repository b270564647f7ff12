import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import {
  freePort,
  legacySignUp,
  newDataDir,
  startServerProcess,
  type ServerProcess,
} from '../server-process.js';

const password = 'a long enough passphrase';

async function outboxed(log: string[], dataDir: string) {
  for (let tries = 0; tries < 300; tries += 1) {
    const line = log.find((entry) => entry.includes('mail written to the outbox'));
    if (line)
      return {
        line: JSON.parse(line) as Record<string, unknown>,
        files: await readdir(join(dataDir, 'outbox')),
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no mail was written to the outbox within 30 s');
}

// The engine does not matter here: the embedded pass runs it, each server on a data folder of its own.
describe.skipIf(readEnv('DATABASE_URL'))('mail without SMTP', () => {
  const servers: ServerProcess[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    const dataDir = await newDataDir('maya-outbox-');
    folders.push(dataDir);
    const port = await freePort();
    const log: string[] = [];
    const server = await startServerProcess(
      { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...env },
      { readyWithinMs: 60_000, log },
    );
    servers.push(server);
    return { server, log, dataDir };
  }

  it('in production, warns once at start and never logs a mailed link', async () => {
    const { server, log, dataDir } = await start({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    });
    const warnings = log.filter((line) => line.includes('SMTP_URL is not set'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, linksLogged: false });

    expect(
      await legacySignUp(server.url, { email: `outbox-${Date.now()}@example.test`, password }),
    ).toBe(201);
    const { line, files } = await outboxed(log, dataDir);
    expect(line.link).toBeUndefined();
    expect(log.join('\n')).not.toMatch(/token=/);
    // The mail itself, with its link, is in the outbox folder for whoever runs the server.
    const mail = await readFile(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(mail).toMatch(/token=/);
  }, 120_000);

  it('for a local run, logs the link so the person trying it can follow it', async () => {
    const { server, log, dataDir } = await start({ NODE_ENV: 'development' });
    expect(log.some((line) => line.includes('SMTP_URL is not set'))).toBe(false);
    expect(
      await legacySignUp(server.url, {
        email: `outbox-local-${Date.now()}@example.test`,
        password,
      }),
    ).toBe(201);
    const { line } = await outboxed(log, dataDir);
    expect(String(line.link)).toMatch(/\/confirm-email\?token=/);
  }, 120_000);
});
