import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, routeShells, type RouteShells } from './build-plugins';

const api = 'http://localhost:3000';

// The public pages by first path segment (src/app/router.tsx): what each paints first.
const bars = ['src/components/layout/top-bar.tsx', 'src/components/layout/footer.tsx'];
const route = (name: string, ...extra: string[]) => [
  `src/app/routes/${name}.route.tsx`,
  ...bars,
  ...extra,
];
const longTexts = 'src/lib/i18n/locales/pages/en.json';
// Signed out, / is the landing page, which waits for the session answer (the schemas chunk).
const shells: RouteShells = {
  '': route('landing', '../../packages/contracts/src/index.ts'),
  home: route('landing'),
  About: route('features'),
  pricing: route('pricing'),
  monetization: route('monetization', longTexts),
  privacy: route('privacy', longTexts),
  terms: route('terms', longTexts),
  sellerauth: route('auth'),
  buyerauth: route('auth'),
  sellers: route('profile'),
};

export default defineConfig({
  plugins: [react(), routeShells(shells), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/size-budget.mjs reads which chunks the first route loads.
    manifest: true,
    // Every browser the app supports has <link rel=modulepreload>; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // zod and the contract schemas share one chunk, loaded after the first page's script
        // (src/lib/zod-config.ts tells zod "no eval" for the CSP before it loads). zod/v3 stays
        // out: only the AI SDK (assistant chunk) needs it, and it never compiles parsers with eval.
        manualChunks(id) {
          if (/[\\/]zod[\\/]v3[\\/]/.test(id)) return undefined;
          if (/[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contracts[\\/]/.test(id)) {
            return 'schemas';
          }
          return undefined;
        },
      },
    },
  },
});
