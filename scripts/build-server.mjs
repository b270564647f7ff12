// Bundles the server's own code (and the workspace's contracts) into apps/server/dist, so a
// production start loads plain JavaScript instead of compiling TypeScript on every start.
// Packages from node_modules stay external and load as they are.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

// `node scripts/build-server.mjs [outdir]`: apps/server/dist unless told.
const outdir = process.argv[2] ?? 'apps/server/dist';

/** Every bare import is external except the workspace's own packages, which are TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@maya/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * What the bundle reports as its build (lib/build-info.ts): the root package.json's version, and
 * the commit from MAYA_COMMIT (the Dockerfile's REVISION, where there is no .git) or from git.
 */
async function buildInfo() {
  const { version } = JSON.parse(await readFile('package.json', 'utf8'));
  let commit = process.env.MAYA_COMMIT?.trim() ?? '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      commit = 'unknown';
    }
  }
  return { version: String(version ?? 'unknown'), commit };
}

const info = await buildInfo();
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    'apps/server/src/server.ts',
    'apps/server/src/migrate.ts',
    'apps/server/src/backup.ts',
    'apps/server/src/restore.ts',
    'apps/server/src/admin.ts',
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
  define: { __MAYA_BUILD__: JSON.stringify(info) },
  logLevel: 'warning',
});
// Data read from beside the code at run time: the migrations (db/client.ts), the sentence
// catalogs (lib/i18n) and the word lists (lib/lexicon). Every chunk sits in outdir, so each
// folder goes to outdir under the name the code looks for.
const dataFolders = [
  ['apps/server/src/db/migrations', 'migrations'],
  ['apps/server/src/lib/i18n/locales', 'locales'],
  ['apps/server/src/lib/lexicon/words', 'words'],
  ['apps/server/src/lib/lexicon/data', 'data'],
];
for (const [from, to] of dataFolders) {
  if (existsSync(from)) await cp(from, `${outdir}/${to}`, { recursive: true });
}
console.log(`Built the server ${info.version} (${info.commit}) into ${outdir}`);
