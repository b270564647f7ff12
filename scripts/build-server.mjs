// Bundles the server's own code (and the workspace's contracts) into apps/server/dist, so a
// production start loads plain JavaScript instead of compiling TypeScript on every start.
// Packages from node_modules stay external and load as they are.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = 'apps/server/dist';

/** Every bare import is external except the workspace's own packages, which are TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@maya/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    'apps/server/src/server.ts',
    'apps/server/src/migrate.ts',
    'apps/server/src/backup.ts',
    'apps/server/src/restore.ts',
  ],
  outdir,
  outExtension: { '.js': '.mjs' },
  // What server.ts imports lazily stays in chunks of its own, loaded when first needed.
  splitting: true,
  // Flat, so every chunk finds the migrations at ./migrations (db/client.ts).
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
// The migrations are read from beside the code at run time (db/client.ts).
await cp('apps/server/src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`Built the server into ${outdir}`);
