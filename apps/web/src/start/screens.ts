// The screens manifest (apps/web/screens.json), typed. The router, the build (vite.config.ts),
// the prerender and the size budget (scripts/size-budget.mjs, which reads the JSON itself) all
// take the screens from it; nothing else lists them. No imports but the data: vite.config.ts
// reads this file in Node.
// Named imports, so the browser's bundle keeps only the routes (the router's part).
import {
  appShells as manifestShells,
  layouts as manifestLayouts,
  routes as manifestRoutes,
} from '../../screens.json';

/**
 * Who may open a route: anyone (`public`); only a signed-in person, others being sent to sign in
 * and back (`signed-in`); only a signed-out visitor, a signed-in one going on to where they were
 * headed (`signed-out-only`); the screen itself decides (`by-screen`); or one screen signed out
 * and another (`signedIn`) signed in (`by-session`).
 */
export type Access = 'public' | 'signed-in' | 'signed-out-only' | 'by-screen' | 'by-session';

export interface ScreenRoute {
  /** The URL pattern (React Router's), from the root: `/*` is any address that is no page. */
  path: string;
  /** The route module: src/app/routes/<screen>.route.tsx. */
  screen: string;
  /** The tab title, a key under `titles` in the catalogs (the landing page's is a whole title). */
  title: string;
  access: Access;
  /** The screen a signed-in person sees instead (`by-session`). */
  signedIn?: { screen: string; title: string; appShell?: string };
  /**
   * Prerendered signed out by the build into its own shell, with these long texts. `warmIntl:
   * false` says its first render formats no price, date or count, so the page does not set ICU up
   * ahead in a worker (start/warm-intl.ts), whose start would only take a phone's time.
   */
  publicShell?: { namespaces?: string[]; warmIntl?: boolean };
  /** Signed in, the server renders it with the person's data into this app shell. */
  appShell?: string;
  /**
   * Drawn on its own, without the site's bars, footer or anything of a member's session: the
   * operator console (/admin), which has a session and a layout of its own.
   */
  bare?: boolean;
}

export interface AppShell {
  /** The route module it preloads. */
  screen: string;
  /** Modules it preloads beyond its route module and the signed-in layout. */
  preloads: string[];
  /** The long texts the screen shows (src/lib/i18n/locales/<namespace>). */
  namespaces?: string[];
  /** Its first paint's gzipped JavaScript beyond the first route's, in KB (`npm run size`). */
  budgetKB?: number;
}

export const routes: readonly ScreenRoute[] = manifestRoutes as ScreenRoute[];
export const appShells: Readonly<Record<string, AppShell>> = manifestShells;
/** What every public page and every signed-in screen draws besides its screen. */
export const layouts: { public: string[]; signedIn: string[] } = manifestLayouts;

/** A route module's source file, from the web app's root. */
export const screenModule = (screen: string) => `src/app/routes/${screen}.route.tsx`;

/** A public shell's name: the path's first segment (`''` for `/`), `404` for any other address. */
export const shellSegment = (path: string) => (path === '/*' ? '404' : (path.split('/')[1] ?? ''));
