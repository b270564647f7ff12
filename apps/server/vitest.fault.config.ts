import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The fault suite (npm run test:fault): the server entry on a PostgreSQL and a Redis of its own,
// which it stops and freezes. Slow and needs the database server's tools, so not in `npm test`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'fault',
    include: ['test/fault/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
