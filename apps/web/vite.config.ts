import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Rolldown } from 'vite';
import {
  precompress,
  reactRouterProduction,
  routeShells,
  type AppShells,
  type RouteShells,
} from './build-plugins';
import { layoutChunks } from './chunk-groups';
import { serviceWorker } from './service-worker-plugin';
import { scopedToastStyles, toastAlias } from './toast-styles';

const api = 'http://localhost:3000';

// The public pages by first path segment (src/app/router.tsx): what each paints first.
const bars = ['src/components/layout/top-bar.tsx', 'src/components/layout/footer.tsx'];
const page = (route: string, name: string, ...extra: string[]) => ({
  route,
  modules: [`src/app/routes/${name}.route.tsx`, ...bars, ...extra],
});
const longTexts = 'src/lib/i18n/locales/pages/en.json';
const withLongTexts = (route: string, name: string) => ({
  ...page(route, name, longTexts),
  namespaces: ['pages'],
});
// Each is prerendered signed out (apps/web/build-plugins.ts); none needs the schemas chunk.
const shells: RouteShells = {
  '': page('/', 'landing'),
  home: page('/home', 'landing'),
  About: page('/About', 'features'),
  pricing: page('/pricing', 'pricing'),
  monetization: withLongTexts('/monetization', 'monetization'),
  privacy: withLongTexts('/privacy', 'privacy'),
  terms: withLongTexts('/terms', 'terms'),
  ranking: withLongTexts('/ranking', 'ranking'),
  sellerauth: page('/sellerauth', 'auth'),
  buyerauth: page('/buyerauth', 'auth'),
  signin: page('/signin', 'auth'),
  sellers: page('/sellers/:id', 'profile'),
  // An address that is no page: the server answers it 404 with this shell (any path matches).
  '404': page('/*', 'not-found'),
};

// The signed-in screens by first path segment: not prerendered (they show the person's own data),
// each shell preloads from the HTML what the screen draws with: its route module, the bars and the
// saved-cache restore (build-plugins.ts). Their reads take the server's answers without the
// schemas; the account's forms load them when first focused.
// /sellers (the search) shares its segment with the public profiles' prerendered shell.
const signedIn = (name: string, ...extra: string[]) => [
  `src/app/routes/${name}.route.tsx`,
  'src/components/layout/top-bar.tsx',
  'src/components/layout/side-drawer.tsx',
  'src/lib/persisted-cache.ts',
  ...extra,
];
const appShells: AppShells = {
  dashboard: signedIn('dashboard'),
  inbox: signedIn('chats'),
  assistant: signedIn('assistant'),
  account: signedIn('account'),
};

// A new build starts the saved query caches afresh (src/lib/persisted-cache.ts) and replaces the
// service worker's caches.
const buildId = Date.now().toString(36);
// The pages the service worker keeps for offline use: every shell but a seller's profile's and
// the not-found page's.
const offlinePages = [
  ...Object.keys(shells).filter((segment) => !/[:*]/.test(shells[segment]!.route)),
  ...Object.keys(appShells),
];

// What the code is made of, for both builds (see `layoutChunks`); each build gets its own plugins.
const codePlugins = () => [react(), reactRouterProduction(), scopedToastStyles()];
const code = {
  root: import.meta.dirname,
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: { alias: toastAlias },
  build: {
    outDir: 'dist',
    // Every browser the app supports has <link rel=modulepreload>; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
} satisfies InlineConfig;

// zod and the contract schemas share one chunk, loaded after the first page's script
// (src/lib/zod-config.ts tells zod "no eval" for the CSP before it loads). zod/v3 stays
// out: only the AI SDK (assistant chunk) needs it, and it never compiles parsers with eval.
const dataGroups: Rolldown.CodeSplittingGroup[] = [
  // Plain data that pages use without the schemas (the sectors, the message length);
  // captured first, so the schemas group (which takes its members' imports along)
  // leaves it out.
  {
    name: 'sectors',
    test: /[\\/]contracts[\\/]src[\\/](?:sectors|limits)\.ts$/,
    priority: 2,
  },
  {
    name: 'schemas',
    priority: 1,
    test: (id) =>
      !/[\\/]zod[\\/]v3[\\/]/.test(id) &&
      /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contracts[\\/]/.test(id),
  },
];
const withGroups = (groups: Rolldown.CodeSplittingGroup[]) => ({
  ...code.build,
  rollupOptions: { output: { codeSplitting: { groups } } },
});

// src/main.tsx imports src/boot.tsx once a prerendered page is painted, and boot.tsx the app;
// every page preloads both.
const start = ['src/boot.tsx', 'src/app/app.tsx'];

export default defineConfig(async ({ command }) => ({
  ...code,
  plugins: [
    ...codePlugins(),
    routeShells(shells, start, appShells),
    serviceWorker({ buildId, pages: offlinePages }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    ...withGroups(
      command === 'build'
        ? [
            // Every page draws the top bar; every signed-in screen the side drawer and restores
            // the saved cache, and no public page reaches their chunks.
            await layoutChunks(
              { ...code, plugins: codePlugins(), build: withGroups(dataGroups) },
              ['src/main.tsx', ...start],
              [
                { name: 'bars', modules: ['src/components/layout/top-bar.tsx'] },
                {
                  name: 'signed-in',
                  modules: ['src/components/layout/side-drawer.tsx', 'src/lib/persisted-cache.ts'],
                  drawnWith: Object.values(appShells).flat(),
                  drawnWithout: [
                    ...Object.values(shells).flatMap((shell) => shell.modules),
                    'src/components/layout/footer.tsx',
                  ],
                },
              ],
            ),
            ...dataGroups,
          ]
        : dataGroups,
    ),
    // dist/.vite/manifest.json: scripts/size-budget.mjs reads which chunks the first route loads.
    manifest: true,
  },
}));
