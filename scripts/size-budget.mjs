// `npm run size`: the gzipped JavaScript the first route (/) loads before anything else can run,
// from the Vite manifest of the last web build: the entry chunk, the app's start it imports once
// the prerendered page is painted (src/boot.tsx, preloaded beside it), the app it imports next
// (src/app/app.tsx, preloaded too), and their static imports. Fails above the budget. The lazy chunks the page requests next (the landing screen, the bars and
// the schemas, which load in parallel with the session request) are listed for information.
// Builds the web app first when there is no build.
//
// Then each signed-in screen gets a budget of its own: the gzipped JavaScript it loads before its
// first paint beyond what every page loads (the entry, the app's start and the app above), which
// is what its shell preloads (apps/web/vite.config.ts, `appShells`): its route chunk, the top bar,
// the side drawer, the saved-cache restore, the schemas where the screen's forms import them, and
// their static imports. A screen over its budget fails like the first route does.
//
// Last, every one of those chunks must open with V8's compile hint
// (apps/web/src/start/build-plugins.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The English interface strings of every screen ride in the first route (src/lib/i18n): the
// budget grew with them (171 → 173 KB, the offline notice, the sign-in, thirteen sectors; 175 KB
// with the routes and labels of /report, the console at /admin and its bare layout; 176 KB with
// the /deals route, its label and its words' loaders, 0.4 KB; 176.5 KB with /briefs in the
// screens manifest, which left 30 B where builds differ by ±20 B; 176.6 KB with the start of the
// worker that sets Intl up off the main thread, 74 B). Loading each screen's strings with its
// screen is the way back under 172.
const BUDGET_KB = 176.6;
// The signed-in screens and what each preloads come from the screens manifest
// (apps/web/screens.json): its app shells, their budgets, and the paths each is answered at.
const screensManifest = JSON.parse(readFileSync(join('apps', 'web', 'screens.json'), 'utf8'));
const LAYOUT = screensManifest.layouts.signedIn;
/** Per signed-in screen: its first paint's JavaScript beyond the first route's, gzipped KB. */
const SCREENS = Object.fromEntries(
  Object.entries(screensManifest.appShells)
    .filter(([, shell]) => shell.budgetKB !== undefined)
    .map(([segment, { screen, preloads, budgetKB }]) => {
      const paths = screensManifest.routes.filter((route) => route.appShell === segment);
      return [
        paths.map((route) => route.path).join(', '),
        { budgetKB, modules: [`src/app/routes/${screen}.route.tsx`, ...preloads] },
      ];
    }),
);
const distDir = join('apps', 'web', 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');
const moduleChunksPath = join(distDir, '.vite', 'module-chunks.json');
const LANDING = 'src/app/routes/landing.route.tsx';
const BOOT = 'src/boot.tsx';
const APP = 'src/app/app.tsx';

if (!existsSync(manifestPath) || !existsSync(moduleChunksPath)) {
  console.log('No web build with a manifest: building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@maya/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`${manifestPath} has no entry chunk`);
/**
 * @type {Record<string, string>} The chunk of each of the app's modules
 * (apps/web/src/start/build-plugins.ts).
 */
const moduleChunks = JSON.parse(readFileSync(moduleChunksPath, 'utf8'));
/** A module's chunk as a manifest key: a layout's modules share one chunk, which Vite's manifest
 * names by neither. */
const keyOf = (module) => {
  const key = Object.keys(manifest).find((each) => manifest[each].file === moduleChunks[module]);
  if (!key) throw new Error(`${manifestPath} has no chunk for ${module}`);
  return key;
};
const [landingKey, bootKey, appKey] = [LANDING, BOOT, APP].map(keyOf);
const layoutKeys = LAYOUT.map(keyOf);
const screenKeys = Object.fromEntries(
  Object.entries(SCREENS).map(([screen, { modules }]) => [screen, modules.map(keyOf)]),
);

/** A chunk and everything it imports statically, as manifest keys. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const gzipped = (key) =>
  gzipSync(readFileSync(join(distDir, manifest[key].file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const entry = closure(appKey, closure(bootKey, closure(entryKey)));
const landing = [...closure(landingKey)].filter((key) => !entry.has(key));
const entryBytes = [...entry].reduce((sum, key) => sum + gzipped(key), 0);
const landingBytes = landing.reduce((sum, key) => sum + gzipped(key), 0);

console.table([
  {
    part: `entry + app start + app + static imports (${entry.size} chunks): the budget`,
    'gzip KB': kb(entryBytes),
  },
  {
    part: `then: landing screen + its imports (${landing.length} chunks)`,
    'gzip KB': kb(landingBytes),
  },
]);
let failed = false;
if (entryBytes > BUDGET_KB * 1024) {
  console.error(
    `FAILED: / loads ${kb(entryBytes)} KB of gzipped JavaScript up front, over the ${BUDGET_KB} KB budget.`,
  );
  failed = true;
} else {
  console.log(
    `OK: / loads ${kb(entryBytes)} KB of gzipped JavaScript up front (budget ${BUDGET_KB} KB).`,
  );
}

// The signed-in screens: each one's first paint beyond the first route's script.
const screens = Object.entries(SCREENS).map(([screen, { budgetKB }]) => {
  const own = new Set();
  for (const key of [...screenKeys[screen], ...layoutKeys]) closure(key, own);
  const keys = [...own].filter((key) => !entry.has(key));
  const bytes = keys.reduce((sum, key) => sum + gzipped(key), 0);
  const schemas = keys.some((key) => manifest[key].file.includes('/schemas-'));
  return { screen, budgetKB, bytes, chunks: keys.length, schemas };
});
console.table(
  screens.map(({ screen, budgetKB, bytes, chunks, schemas }) => ({
    'signed-in screen': screen,
    chunks,
    'gzip KB': kb(bytes),
    'budget KB': budgetKB,
    'with the schemas': schemas ? 'yes' : 'no',
  })),
);
for (const { screen, budgetKB, bytes } of screens) {
  if (bytes > budgetKB * 1024) {
    console.error(
      `FAILED: ${screen} loads ${kb(bytes)} KB of gzipped JavaScript beyond the first route's before its first paint, over its ${budgetKB} KB budget.`,
    );
    failed = true;
  }
}
if (!failed) console.log('OK: every signed-in screen is within its budget.');

// Each of those chunks opens with V8's compile hint, so a phone compiles it on a background
// thread as it downloads instead of function by function on the main thread as the page starts
// (apps/web/src/start/build-plugins.ts, CALLED_ON_LOAD).
const startChunks = new Set([...entry, ...landing]);
for (const key of [...Object.values(screenKeys).flat(), ...layoutKeys]) closure(key, startChunks);
const unhinted = [...startChunks].filter(
  (key) =>
    !readFileSync(join(distDir, manifest[key].file), 'utf8').startsWith(
      '//# allFunctionsCalledOnLoad\n',
    ),
);
if (unhinted.length > 0) {
  console.error(
    `FAILED: ${unhinted.length} of the ${startChunks.size} chunks a page's start runs do not open with the compile hint: ${unhinted.map((key) => manifest[key].file).join(', ')}`,
  );
  failed = true;
} else {
  console.log(`OK: the ${startChunks.size} chunks a page's start runs open with the compile hint.`);
}
if (failed) process.exit(1);
