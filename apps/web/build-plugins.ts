// Vite plugins of the production build (see vite.config.ts).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // dist/.vite holds the manifest, which is read by scripts and never served.
      if (entry.name !== '.vite') yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield path;
    }
  }
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
      for await (const path of files(outDir)) {
        jobs.push(
          (async () => {
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
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * For each first path segment of a public page, the modules its first paint needs beyond the
 * entry: the screen's route module, the bars, and any text the screen loads on demand.
 */
export type RouteShells = Record<string, string[]>;

/**
 * Writes dist/shells/<segment>.html: index.html plus `<link rel="modulepreload">` for the
 * chunks that page loads next (its screen, the bars and everything they import statically), so
 * the browser fetches them beside the entry instead of discovering them one level at a time
 * after the entry has run. The server answers a page URL with its segment's shell, and with
 * index.html for every other URL (apps/server/src/plugins/web.ts). The root page is `index`.
 */
export function routeShells(routes: RouteShells): Plugin {
  let root = '';
  return {
    name: 'maya:route-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
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
      const preloadedByIndex = closure(entry.fileName, new Set());
      const source = String(html.source);

      for (const [segment, modules] of Object.entries(routes)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = join(root, module);
          const chunk =
            byModule.get(id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) throw new Error(`maya:route-shells: ${module} is not a chunk of the build`);
          closure(chunk.fileName, files);
        }
        const links = [...files]
          .filter((file) => !preloadedByIndex.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        this.emitFile({
          type: 'asset',
          fileName: `shells/${segment || 'index'}.html`,
          source: source.replace('  </head>', `${links}  </head>`),
        });
      }
    },
  };
}
