import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'tooling',
    ],
    // The server's test files mostly wait (on timers, child servers, databases and sockets), so
    // one per core runs faster than Vitest's default of one less, which on two cores is one.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
