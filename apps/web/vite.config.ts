import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Rolldown } from 'vite';
import {
  precompress,
  reactRouterProduction,
  routeShells,
  type AppShells,
  type RouteShells,
} from './src/start/build-plugins';
import { layoutChunks } from './src/start/chunk-groups';
import { serviceWorker } from './service-worker-plugin';
import {
  appShells as screenShells,
  layouts,
  routes,
  screenModule,
  shellSegment,
} from './src/start/screens';
import { scopedToastStyles, toastAlias } from './toast-styles';

const api = 'http://localhost:3000';

// The public pages by first path segment, from the screens manifest (screens.json): what each
// paints first. Each is prerendered signed out (src/start/build-plugins.ts); none needs the
// schemas chunk. An address that is no page has the `404` shell (any path matches).
const longTexts = (namespace: string) => `src/lib/i18n/locales/${namespace}/en.json`;
const shells: RouteShells = Object.fromEntries(
  routes.flatMap(({ path, screen, publicShell }) => {
    if (!publicShell) return [];
    const namespaces = publicShell.namespaces ?? [];
    const modules = [screenModule(screen), ...layouts.public, ...namespaces.map(longTexts)];
    return [
      [
        shellSegment(path),
        {
          route: path,
          modules,
          ...(namespaces.length > 0 ? { namespaces } : {}),
          ...(publicShell.warmIntl === false ? { warmIntl: false } : {}),
        },
      ],
    ];
  }),
);

// The signed-in screens by first path segment: not prerendered (they show the person's own data),
// each shell preloads from the HTML what the screen draws with: its route module, the bars and the
// saved-cache restore (src/start/build-plugins.ts). Their reads take the server's answers without
// the schemas; the account's forms load them when first focused.
// /sellers (the search) shares its segment with the public profiles' prerendered shell.
const appShells: AppShells = Object.fromEntries(
  Object.entries(screenShells).map(([segment, { screen, preloads }]) => [
    segment,
    [screenModule(screen), ...layouts.signedIn, ...preloads],
  ]),
);

// A new build starts the saved query caches afresh (src/lib/persisted-cache.ts) and replaces the
// service worker's caches.
const buildId = Date.now().toString(36);
// The pages the service worker keeps for offline use: every shell but a seller's profile's and
// the not-found page's.
const offlinePages = [
  ...Object.keys(shells).filter((segment) => !/[:*]/.test(shells[segment]!.route)),
  ...Object.keys(appShells),
];

// The screens drawn with a layout of their own (the operator console): the entry script asks for
// no member session there (src/start/early-session.ts).
const barePaths = routes
  .filter((route) => route.bare)
  .map((route) => route.path.replace(/\/\*$/, ''));

// What the code is made of, for both builds (see `layoutChunks`); each build gets its own plugins.
const codePlugins = () => [react(), reactRouterProduction(), scopedToastStyles()];
const code = {
  root: import.meta.dirname,
  define: { __BUILD_ID__: JSON.stringify(buildId), __BARE_PATHS__: JSON.stringify(barePaths) },
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
// (src/start/zod-config.ts tells zod "no eval" for the CSP before it loads). zod/v3 stays
// out: only the AI SDK (assistant chunk) needs it, and it never compiles parsers with eval.
const dataGroups: Rolldown.CodeSplittingGroup[] = [
  // Plain data that pages use without the schemas (the sectors, the message length, the units
  // and currencies of prices, the reviews' limits, Maya's waits);
  // captured first, so the schemas group (which takes its members' imports along)
  // leaves it out.
  {
    name: 'sectors',
    test: /[\\/]contracts[\\/]src[\\/](?:sectors|limits|service-units|review-rules|negotiation-limits)\.ts$/,
    priority: 2,
  },
  // The deal process's table and interpreter (plain data and pure functions, no zod): the deals'
  // cards and screen draw their buttons from it without the schemas.
  {
    name: 'deal-machine',
    test: /[\\/]contracts[\\/]src[\\/]deals[\\/]deal-(?:process|machine)\.ts$/,
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
const directoryFace = /[\\/]src[\\/]features[\\/]directory[\\/]index\.ts$/;
const withGroups = (groups: Rolldown.CodeSplittingGroup[]) => ({
  ...code.build,
  rollupOptions: {
    // The directory's public face only re-exports: a page that uses one of its exports loads that
    // export's module, not every module the face names (the landing's featured sellers would
    // otherwise bring the directory's search, its sectors, the profile and the Pro mark, eight
    // chunks more before the featured sellers are asked for).
    treeshake: { moduleSideEffects: [{ test: directoryFace, sideEffects: false }] },
    output: { codeSplitting: { groups } },
  },
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
