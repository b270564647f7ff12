import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { commandEnv, freePort } from '../server-process.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);
const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const TOKEN = 'a-metrics-token-of-32-characters';

// The bundle sits inside the checkout's node_modules, so its external packages resolve as they
// do from apps/server/dist.
let bundle = '';
let dataDir = '';

// The bundle starts on the embedded database whatever the suite runs on: once is enough.
const onPostgres = Boolean(readEnv('DATABASE_URL'));

beforeAll(async () => {
  if (onPostgres) return;
  await mkdir(join(root, 'node_modules/.cache'), { recursive: true });
  bundle = await mkdtemp(join(root, 'node_modules/.cache/maya-build-info-'));
  dataDir = await mkdtemp(join(tmpdir(), 'maya-build-info-'));
  await run(process.execPath, ['scripts/build-server.mjs', bundle], {
    cwd: root,
    env: commandEnv({ MAYA_COMMIT: COMMIT }),
  });
}, 60_000);

afterAll(async () => {
  if (onPostgres) return;
  await rm(bundle, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('the built server', () => {
  it('reports its version and commit in its log, /healthz and maya_build_info', async () => {
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    const port = await freePort();
    const child = spawn(process.execPath, [join(bundle, 'server.mjs')], {
      env: commandEnv({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        METRICS_TOKEN: TOKEN,
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    try {
      const url = `http://127.0.0.1:${port}`;
      // A first start migrates an empty embedded database: seconds, or a minute on a loaded machine.
      const deadline = Date.now() + 120_000;
      let health: Response | undefined;
      while (Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`${url}/healthz`).catch(() => undefined);
        if (health?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status).toBe(200);
      expect(await health!.json()).toEqual({ status: 'ok', version, commit: COMMIT });

      const first = JSON.parse(output.split('\n')[0]!) as Record<string, unknown>;
      expect(first.version).toBe(version);

      const metrics = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(await metrics.text()).toContain(
        `maya_build_info{version="${version}",commit="${COMMIT}",node="${process.version}"} 1`,
      );
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
