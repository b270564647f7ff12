// Builds the web app and the server when their sources are newer than the last build, then runs
// the built server: plain JavaScript, so a restart compiles nothing.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const webDir = 'apps/web';
const builtIndex = join(webDir, 'dist', 'index.html');

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

const sources = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'service-worker'),
  join(webDir, 'service-worker-plugin.ts'),
  join(webDir, 'toast-styles.ts'),
  'packages/contracts/src',
];
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.filter((path) => existsSync(path)).map(newestChange));
if (changedAt > builtAt) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@maya/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverEntry = join('apps', 'server', 'dist', 'server.mjs');
const serverBuiltAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
const serverChangedAt = Math.max(
  ...['apps/server/src', 'packages/contracts/src', 'scripts/build-server.mjs'].map(newestChange),
);
if (serverChangedAt > serverBuiltAt) {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A bare `npm start` (no NODE_ENV given) is the one-command demo of a fresh clone, so it seeds
// the demo marketplace into an empty database; a deployment that says NODE_ENV=production gets
// no demo unless it sets SEED_DEMO=true.
// The demo is reached on this machine: its links say so (production must name PUBLIC_URL).
const demo =
  process.env.NODE_ENV === undefined
    ? {
        SEED_DEMO: 'true',
        PUBLIC_URL: `http://localhost:${process.env.PORT ?? 3000}`,
        // Mail stays in DATA_DIR/outbox: its links go to this console for the person trying it.
        OUTBOX_LOG_LINKS: 'true',
      }
    : {};
// A young generation twice V8's default (`--max-semi-space-size`, in MB, as `npm run serve` and the
// Dockerfile give it): the short-lived objects of a burst of background work (Maya's turns) die
// young instead of filling the old generation, whose collections, on two cores, hold up chat
// messages (bench/README.md, maya-answers).
const server = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=32', serverEntry],
  {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...demo, ...process.env },
  },
);
// A supervisor signals this process (npm's script `exec`s it): each signal goes on to the server,
// which drains on SIGTERM and SIGINT, and this process exits with it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
