import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The cluster suite (npm run test:cluster): three server entries behind nginx on a PostgreSQL and
// a Redis of its own. Needs nginx and the database server's tools, so not in `npm test`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'cluster',
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
