import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
