import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { toastAlias } from './toast-styles';

export default defineConfig({
  plugins: [react()],
  // The toasts the tests see come from the entry the app ships.
  resolve: { alias: toastAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a worker thread of its own: cheaper to start than a process, and as isolated.
    pool: 'threads',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each screen is a lazy chunk that jsdom imports cold; on a busy machine that alone can take
    // several seconds.
    testTimeout: 20_000,
  },
});
