import { defineConfig } from 'vitest/config';

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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
