import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    // The property tests play thousands of negotiations; a busy machine needs more than 5 s.
    testTimeout: 60_000,
  },
});
