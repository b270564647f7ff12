// The service worker's build (see vite.config.ts and service-worker/sw.ts).
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Files of `public/` the shell shows offline (the manifest, its icons and the brand images). */
const PUBLIC_SHELL = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/logo.svg',
  '/maya.svg',
  '/icons/icon-192.png',
  '/icons/apple-touch-icon.png',
];

/**
 * The app's chrome (src/components/layout: the top bar, the drawer, the footer): the parts of it
 * that load apart (the chats link, the email banner) are in no page's HTML, yet the bars must
 * draw offline as they do online, whichever of them the person had not needed before.
 */
const CHROME = /[\\/]src[\\/]components[\\/]layout[\\/]/;

/** Every `/assets/…` file an HTML page of the build names (scripts, preloads, styles, fonts). */
function assetsNamedIn(html: string): string[] {
  return [...html.matchAll(/\/assets\/[\w.-]+/g)].map((match) => match[0]);
}

/**
 * Writes /sw.js: service-worker/sw.ts bundled with Workbox by esbuild, with the list of what it
 * precaches, versioned by the build id: the build's shell of the root and of each first path
 * segment with a shell of its own (the files in dist/shells, which hold no one's data), every
 * hashed file their HTML names (the entry, the app's start, each screen's first-paint chunks, the
 * styles), the chunks of the app's chrome with what they import, the fonts and the icons. Runs
 * after routeShells has added the shells to the bundle.
 */
export function serviceWorker({
  buildId,
  pages,
}: {
  buildId: string;
  /** First path segments with a page of their own, '' for `/`. */
  pages: string[];
}): Plugin {
  let root = '';
  return {
    name: 'maya:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const hashed = new Set<string>();
      // A chunk of the chrome, and the chunks it imports, however deep.
      const withImports = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || hashed.has(`/${fileName}`)) return;
        hashed.add(`/${fileName}`);
        for (const imported of chunk.imports) withImports(imported);
      };
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.moduleIds.some((id) => CHROME.test(id))) {
          withImports(item.fileName);
        }
        if (item.type === 'asset' && item.fileName.endsWith('.html')) {
          for (const file of assetsNamedIn(String(item.source))) hashed.add(file);
        }
        if (item.type === 'chunk' && item.isEntry) hashed.add(`/${item.fileName}`);
        if (item.type === 'asset' && /\.(?:woff2?|css)$/.test(item.fileName)) {
          hashed.add(`/${item.fileName}`);
        }
      }
      // The build's own shells (dist/shells, served as files), never the pages themselves: a
      // signed-in page is rendered for the person asking, with their data, and must not be kept.
      const offlinePages = Object.fromEntries(
        pages.map((segment) => [segment, `/shells/${segment || 'index'}.html`] as const),
      );
      const precache = [
        ...Object.values(offlinePages).map((url) => ({ url, revision: buildId })),
        ...PUBLIC_SHELL.map((url) => ({ url, revision: buildId })),
        ...[...hashed].sort().map((url) => ({ url, revision: null })),
      ];
      const worker = await build({
        entryPoints: [join(root, 'service-worker/sw.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: {
          'process.env.NODE_ENV': '"production"',
          __BUILD_ID__: JSON.stringify(buildId),
          __PRECACHE__: JSON.stringify(precache),
          __OFFLINE_PAGES__: JSON.stringify(offlinePages),
        },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.outputFiles[0]!.text });
    },
  };
}
