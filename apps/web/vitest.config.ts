import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each screen is a lazy chunk that jsdom imports cold; on a busy machine that alone can take
    // several seconds.
    testTimeout: 20_000,
  },
});
