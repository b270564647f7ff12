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
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // zod, the line that configures it, and the contract schemas share one chunk, in import
        // order, so zod is told "no eval" (CSP) before any schema is built. zod/v3 stays out: only
        // the AI SDK (assistant chunk) needs it, and it never compiles parsers with eval.
        manualChunks(id) {
          if (/[\\/]zod[\\/]v3[\\/]/.test(id)) return undefined;
          if (
            /[\\/]node_modules[\\/]zod[\\/]|zod-config|[\\/]packages[\\/]contracts[\\/]/.test(id)
          ) {
            return 'schemas';
          }
          return undefined;
        },
      },
    },
  },
});
