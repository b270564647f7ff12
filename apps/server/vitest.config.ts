import { register } from 'tsx/esm/api';
import { defineConfig } from 'vitest/config';

// The global setup runs in Vitest's own process, which loads it with Node's import (below).
register();

/**
 * Hostile strings in every field and hostile requests on every operation: they test validation,
 * which neither the engine nor the Node version changes, so CI's passes after the README's
 * command (PostgreSQL, other Node versions) leave them out with FUZZ_SUITES=skip.
 */
const fuzzSuites = [
  'src/openapi-walk.test.ts',
  'src/modules/auth/naughty-strings.test.ts',
  'src/modules/chats/naughty-messages.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault and cluster suites run on their own (npm run test:fault, npm run test:cluster).
    exclude: [
      'test/fault/**',
      'test/cluster/**',
      ...(process.env.FUZZ_SUITES === 'skip' ? fuzzSuites : []),
    ],
    globalSetup: ['test/global-setup.ts'],
    // Node's own import, through tsx, in one process per worker that keeps what it loaded from file
    // to file: each file builds its apps on its own database, so nothing it keeps is shared, and
    // the app's modules load once per worker instead of once per file (most of the suite's time).
    experimental: { viteModuleRunner: false, nodeLoader: false },
    execArgv: ['--import', 'tsx'],
    // On both engines: the PostgreSQL pass's files share a worker as the embedded pass's do (each
    // builds its apps on a database of its own, and closes them).
    isolate: false,
    // Argon2id at its smallest cost for the suite's sign-ups (lib/password.ts); production and
    // the servers started with their own environment hash at OWASP's baseline.
    env: { MAYA_LIGHT_HASHING: '1' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // What expect.poll waits for here is mostly a job's work (a mail, Maya's turn) after an
    // answer: on a loaded machine that takes seconds, not Vitest's default second.
    expect: { poll: { timeout: 15_000 } },
  },
});
