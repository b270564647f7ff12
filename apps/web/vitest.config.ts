import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { toastAlias } from './toast-styles';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The test files that need modules of their own: one that replaces a module (vi.mock, vi.doMock,
 * vi.resetModules) would otherwise meet the real one another file loaded first, and one that
 * tests what a module does when it first loads says so with `@vitest-isolate`. They run in the
 * `web-isolated` project (vitest.isolated.config.ts), each file on fresh modules.
 */
export const isolatedTests = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) =>
    /\bvi\.(mock|doMock|resetModules)\(|@vitest-isolate\b/.test(
      readFileSync(join(root, 'src', file), 'utf8'),
    ),
  )
  .map((file) => `src/${file.split(sep).join('/')}`);

/** The web's tests in jsdom; `isolated` runs only `isolatedTests`, the rest leave them out. */
export function webTestConfig({ isolated }: { isolated: boolean }): ViteUserConfig {
  return defineConfig({
    plugins: [react()],
    // The toasts the tests see come from the entry the app ships.
    resolve: { alias: toastAlias },
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      // Worker threads: cheaper to start than processes.
      pool: 'threads',
      // Outside `isolatedTests`, a worker's files share what they imported (React, MUI, the
      // screens): each file renders into a DOM the setup file empties after every test, and the
      // imports, more than half of the files' time when each took them afresh, happen once.
      isolate: isolated,
      include: isolated ? isolatedTests : ['src/**/*.test.tsx', 'src/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...(isolated ? [] : isolatedTests)],
      setupFiles: ['src/test/setup.ts'],
      // Each screen is a lazy chunk that jsdom imports cold; on a busy machine that alone can
      // take several seconds.
      testTimeout: 20_000,
    },
  });
}

export default webTestConfig({ isolated: false });
