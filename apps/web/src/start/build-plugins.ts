// Vite plugins of the production build (see vite.config.ts).
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // dist/.vite holds the manifest, which is read by scripts and never served; routeShells
      // compresses the shells itself once their pages are prerendered.
      if (entry.name !== '.vite' && entry.name !== 'shells') yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield path;
    }
  }
}

/**
 * React Router's production build for the app's build. Its package exports the development build
 * alone, to every bundler (remix-run/react-router#12532); the production build beside it is the
 * same code with the development warnings switched off, which the minifier then drops. The dev
 * server keeps the warnings.
 */
export function reactRouterProduction(): Plugin {
  const entry = join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  );
  return {
    name: 'maya-react-router-production',
    config(_, { command }) {
      if (command !== 'build') return undefined;
      if (!existsSync(entry)) throw new Error(`React Router has no production build at ${entry}`);
      return { resolve: { alias: [{ find: /^react-router$/, replacement: entry }] } };
    },
  };
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once,
 * at build time; the server sends the one the browser accepts (@fastify/static `preCompressed`)
 * instead of compressing on every request. A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'maya:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    // After the bundle and the public files are written.
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) jobs.push(compress(path));
      await Promise.all(jobs);
    },
  };
}

/** Writes the brotli and gzip copies of one file (none for a file under 512 bytes). */
async function compress(path: string): Promise<void> {
  const source = await readFile(path);
  if ((await stat(path)).size < 512) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
}

/** A public page's shell (see routeShells). */
export interface RouteShell {
  /** The route the segment's pages match (src/app/router.tsx), such as `/sellers/:id`. */
  route: string;
  /**
   * The modules its first paint needs beyond the entry: the screen's route module, the bars,
   * and any text the screen loads on demand.
   */
  modules: string[];
  /** The namespaces of long texts the page shows (src/lib/i18n), loaded before it renders. */
  namespaces?: string[];
  /** False: the page formats nothing at first, so it does not set ICU up ahead (screens.ts). */
  warmIntl?: boolean;
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): the first line of a file
 * whose functions are all to be compiled eagerly, off the main thread.
 */
export const CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/** A signed-in screen's shell for the server's render, before it moves to dist-ssr/shells. */
const RENDERED_SUFFIX = '.rendered.html';

/** The shells by first path segment. */
export type RouteShells = Record<string, RouteShell>;

/**
 * The signed-in screens' shells by first path segment: the modules each screen's first paint
 * needs (its route module, the bars, the schemas…), which its shell preloads from the HTML.
 */
export type AppShells = Record<string, string[]>;

/**
 * Adds `<link rel="modulepreload">` to index.html for `everyPage`, the modules every page loads
 * right after the entry (the app's start, which the entry imports once the page is painted).
 *
 * Writes dist/shells/<segment>.html: index.html plus the list of chunks that page loads next
 * (the app's start, its screen, the bars and everything they import statically) in
 * `<meta name="modules">`, which src/main.tsx preloads all at once after the first paint, so the
 * browser fetches them side by side instead of discovering them one level at a time, and none of
 * them competes with the page's first paint. The server answers a page URL with its segment's shell, and with
 * index.html for every other URL (apps/server/src/plugins/web.ts). The root page is `index`.
 *
 * Then each shell gets its page prerendered (src/prerender.tsx, built for Node on the side):
 * the HTML inside <div id="root"> and the page's styles in <head>, so the browser paints the
 * page from the HTML alone and src/main.tsx hydrates it.
 */
export function routeShells(
  routes: RouteShells,
  everyPage: string[] = [],
  appShells: AppShells = {},
): Plugin {
  let root = '';
  let outDir = '';
  /** The chunks some page's start runs (see CALLED_ON_LOAD). */
  const calledOnLoad = new Set<string>();
  return {
    name: 'maya:route-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderShells(root, outDir, routes);
      for (const segment of Object.keys(appShells)) {
        await compress(join(outDir, 'shells', `${segment}.html`));
        await rename(
          join(outDir, 'shells', `${segment}${RENDERED_SUFFIX}`),
          join(outDir, '..', 'dist-ssr', 'shells', `${segment}.html`),
        );
      }
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('maya:route-shells: no index.html in the build');
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byModule = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('maya:route-shells: no entry chunk');
      // The chunk of each of the app's own modules, beside Vite's manifest (which names a chunk
      // by its first module only): scripts/size-budget.mjs finds a layout's chunk by it.
      const appModules = Object.fromEntries(
        chunks.flatMap((chunk) =>
          chunk.moduleIds
            .filter((id) => id.startsWith(join(root, 'src')))
            .map((id) => [relative(root, id), chunk.fileName]),
        ),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-chunks.json',
        source: JSON.stringify(appModules),
      });
      const preloadedByIndex = closure(entry.fileName, new Set());
      const chunksOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const id = join(root, module);
          const chunk =
            byModule.get(id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) throw new Error(`maya:route-shells: ${module} is not a chunk of the build`);
          closure(chunk.fileName, files);
        }
        return [...files].filter((file) => !preloadedByIndex.has(file));
      };
      // Every chunk a page's start runs is compiled whole as it downloads: V8 compiles a
      // function the first time it is called, on the main thread, unless the file opens with
      // this comment (Chrome 136 and later); then it compiles them all on a background thread
      // while the file streams in. Most of the app's start is called as it hydrates a page.
      calledOnLoad.clear();
      const runsOnLoad = (files: Iterable<string>) => {
        for (const file of files) calledOnLoad.add(file);
      };
      runsOnLoad(preloadedByIndex);
      const preloads = (files: string[]) =>
        files
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');

      // What every page loads right after the entry (the app's start): index.html, which every
      // other page is answered with, preloads it.
      const always = chunksOf(everyPage);
      runsOnLoad(always);
      const source = String(html.source);
      html.source = source.replace('  </head>', `${preloads(always)}  </head>`);

      // A shell's page is painted from its HTML, so its scripts wait for that paint: the list
      // is a <meta> the preload scanner ignores, and src/main.tsx turns it into preloads then.
      for (const [segment, { modules }] of Object.entries(routes)) {
        const files = [...always, ...chunksOf(modules).filter((file) => !always.includes(file))];
        runsOnLoad(files);
        const list = files.map((file) => `/${file}`).join(' ');
        this.emitFile({
          type: 'asset',
          fileName: `shells/${segment || 'index'}.html`,
          source: source.replace(
            '  </head>',
            `    <meta name="modules" content="${list}" />\n  </head>`,
          ),
        });
      }

      // A signed-in screen has nothing to paint before its code has run and the session has
      // answered, so its shell preloads all of that code from the HTML: the browser fetches the
      // screen, the bars and the schemas side by side with the app's start (and the session,
      // which the entry asks for first thing) instead of one level after another.
      for (const [segment, modules] of Object.entries(appShells)) {
        if (routes[segment]) throw new Error(`maya:route-shells: ${segment} has two shells`);
        const files = chunksOf(modules).filter((file) => !always.includes(file));
        runsOnLoad(files);
        this.emitFile({
          type: 'asset',
          fileName: `shells/${segment}.html`,
          source: source.replace('  </head>', `${preloads([...always, ...files])}  </head>`),
        });
        // The same screen rendered by the server with the person's data is painted from its
        // HTML, so, like a public page, it lists its code for after that paint instead
        // (moved to dist-ssr/shells by closeBundle).
        const list = [...always, ...files].map((file) => `/${file}`).join(' ');
        this.emitFile({
          type: 'asset',
          fileName: `shells/${segment}${RENDERED_SUFFIX}`,
          source: source.replace(
            '  </head>',
            `    <meta name="modules" content="${list}" />\n  </head>`,
          ),
        });
      }
    },
    // On the files as written, so the comment is their first line: Vite still puts its own
    // preamble (the list of a chunk's dynamic imports' dependencies) above the code after
    // generateBundle. Before closeBundle, where precompress writes the compressed copies.
    async writeBundle() {
      for (const file of calledOnLoad) {
        const path = join(outDir, file);
        const code = await readFile(path, 'utf8');
        if (!code.startsWith(CALLED_ON_LOAD)) await writeFile(path, CALLED_ON_LOAD + code);
      }
    },
  };
}

/**
 * A route pattern's URL for the prerender: `/sellers/:id` is rendered at `/sellers/_`, and the
 * splat of `/*` (the page of an address that is no page) at `/_`.
 */
const sampleUrl = (route: string) => route.replace(/:\w+|\*$/g, '_');

/** What the server reads from dist-ssr/pages.json: each shell's route and long texts. */
type ServerPages = Record<string, { route: string; namespaces: string[]; warmIntl?: boolean }>;

/**
 * Builds src/prerender.tsx for Node into dist-ssr/render.mjs (beside dist, never served; its
 * imports resolve to the app's dependencies), renders every shell's page with it and writes the
 * page into the shell. The unfilled shells stay in dist-ssr/shells with dist-ssr/pages.json, for
 * the server to render a page that shows API data with that data (apps/server/src/plugins/web.ts).
 */
async function prerenderShells(root: string, outDir: string, routes: RouteShells): Promise<void> {
  const ssrDir = join(outDir, '..', 'dist-ssr');
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    // Every package the page renderer imports goes into the bundle: a production install then
    // needs none of the web app's libraries (they are the web workspace's devDependencies).
    ssr: { noExternal: true },
    // The libraries' production code, as in the browser's build, whatever NODE_ENV the server has.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'render.mjs' } },
    },
  });
  const { renderShell } = (await import(pathToFileURL(join(ssrDir, 'render.mjs')).href)) as {
    renderShell: (
      shell: string,
      page: { route: string; url: string; namespaces?: string[]; warmIntl?: boolean },
    ) => Promise<string>;
  };
  await mkdir(join(ssrDir, 'shells'));
  const pages: ServerPages = {};
  // One page at a time: the app's modules (i18n, the router's lazy screens) are shared.
  for (const [segment, { route, namespaces = [], warmIntl }] of Object.entries(routes)) {
    const name = `${segment || 'index'}.html`;
    const path = join(outDir, 'shells', name);
    const shell = await readFile(path, 'utf8');
    await writeFile(join(ssrDir, 'shells', name), shell);
    const page = { route, namespaces, ...(warmIntl === false ? { warmIntl } : {}) };
    pages[segment || 'index'] = page;
    await writeFile(path, await renderShell(shell, { ...page, url: sampleUrl(route) }));
    await compress(path);
  }
  await writeFile(join(ssrDir, 'pages.json'), JSON.stringify(pages, null, 2));
}
