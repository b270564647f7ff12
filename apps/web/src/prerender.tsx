// The page renderer, built for Node by the web build (src/start/build-plugins.ts) into
// dist-ssr/render.mjs. The build renders each public page signed out and in English into its
// shell (dist/shells/<segment>.html), so the browser paints the page before any script has run;
// the server renders a page that shows API data (a seller's profile) the same way when it is
// asked for, with that data, and a signed-in screen with the person's own data, in their
// language and time zone (apps/server/src/plugins/web.ts). boot.tsx then hydrates it. Never
// part of the browser bundle.
import './start/zod-config';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, matchPath, matchRoutes } from 'react-router';
import type { PrivateUser, PublicProfile } from '@maya/contracts';
import { App } from './app/app';
import { routes } from './app/router';
import { accountKeys } from './features/account';
import { plansQuery } from './features/billing';
import { chatQuery, chatsQuery, messagesQuery, unreadQuery } from './features/chats';
import {
  directoryQuery,
  filtersFromSearch,
  preview,
  profileQuery,
  searchPath,
} from './features/directory';
import { setTimeZone } from './lib/dates';
import i18n, { htmlLanguage, languages, loadNamespace, setLanguage } from './lib/i18n';
import { setDrawnNamespaces } from './lib/i18n/use-namespace';
import { createQueryClient } from './lib/query-client';
import { ownServicesQuery } from './features/services';
import { sessionQuery } from './lib/session';
import { PAGE_DATA_ID, type PageQuery } from './start/page-data';
import { appShells, routes as screenRoutes } from './start/screens';

export interface Prerendered {
  /** The content of <div id="root">. */
  html: string;
  /** The page's <style> element, which the browser's emotion adopts (src/start/page-styles.ts). */
  styles: string;
  /** Resource hints React found (the page's images), for <head>. */
  hints: string;
}

/** What a page's <head> says of it: the tab title, and the search snippet and link preview. */
export interface PageHead {
  title: string;
  description: string;
  image?: string;
}

/** An API answer a page is drawn with: `path` is what the server reads, `queryKey` its cache key. */
export interface PageDataSource {
  path: string;
  queryKey: readonly unknown[];
  /** What the page's <head> says, from the answer. */
  head?: (answer: unknown) => PageHead;
  /** The answer is the first page of an infinite query (a list read page by page). */
  infinite?: boolean;
}

/** The title matches the one the profile screen sets in the browser (DocumentTitle). */
const profileHead = (profile: PublicProfile): PageHead => ({
  title: i18n.t('titles.suffix', { page: profile.fullName }),
  description: preview(profile.description.replace(/\s+/g, ' ').trim(), 157),
  ...(profile.imageUrl ? { image: profile.imageUrl } : {}),
});

/**
 * The API answers the page at `url` shows, which the server fetches to render it whole: a
 * seller's profile, and the pricing page's plans (whose prices are configured per server). None
 * for a page that is the same for every visitor (the build renders those).
 */
export function pageData(url: string): PageDataSource[] {
  const path = url.split('?')[0] ?? '';
  // The prices: in the HTML, for a reader without scripts and for search engines.
  if (path === '/pricing') return [{ path: '/api/v1/plans', queryKey: plansQuery.queryKey }];
  const id = matchPath('/sellers/:id', path)?.params.id;
  if (!id) return [];
  return [
    {
      path: `/api/v1/users/${encodeURIComponent(id)}`,
      queryKey: profileQuery(id).queryKey,
      head: (answer) => profileHead(answer as PublicProfile),
    },
  ];
}

/** Whether `path` is a page of the app: any route but the catch-all of an unknown address. */
export function isPage(path: string): boolean {
  const matches = matchRoutes(routes, path);
  return matches !== null && matches.at(-1)?.route.path !== '*';
}

/**
 * The signed-in screens the server renders with the person's own data, by route, with the shell
 * each is answered with (dist-ssr/shells/<shell>.html, whose code is that screen's) and the long
 * texts it shows (the account's mail settings, so the form is drawn, not its placeholder): the
 * screens manifest's app shells (apps/web/screens.json). Signed in, `/` and `/sellers` are the
 * directory too.
 */
const signedInRoutes = screenRoutes.flatMap((route) => {
  const shell = route.appShell ?? route.signedIn?.appShell;
  return shell
    ? [{ route: route.path, shell, namespaces: appShells[shell]?.namespaces ?? [] }]
    : [];
});

export interface SignedInPage {
  route: string;
  shell: string;
  /** The long texts the screen shows (src/lib/i18n/locales/<namespace>). */
  namespaces: string[];
}

/** The signed-in screen at `path`, if the server renders it. */
export function signedInPage(path: string): SignedInPage | undefined {
  const page = signedInRoutes.find(({ route }) => matchPath(route, path));
  return page && { ...page, namespaces: [...page.namespaces] };
}

const API = '/api/v1';

/**
 * The API answers the signed-in screen at `url` shows `user`, besides the session: the unread
 * count of the bars, and the screen's first data (the directory's first page for the URL's
 * search, the chat list, the open chat and its latest messages, the account's mail settings,
 * gallery and a business's services). The server reads them with
 * the person's own session.
 */
export function signedInPageData(url: string, user: PrivateUser): PageDataSource[] {
  const [path = '/', search = ''] = url.split('?');
  const page = signedInPage(path);
  if (!page) return [];
  const sources: PageDataSource[] = [
    { path: `${API}/chats/unread`, queryKey: unreadQuery.queryKey },
  ];
  if (page.shell === 'dashboard') {
    const role = user.role === 'buyer' ? 'seller' : 'buyer';
    const filters = filtersFromSearch(role, new URLSearchParams(search));
    sources.push({
      path: `${API}${searchPath(filters)}`,
      queryKey: directoryQuery(filters).queryKey,
      infinite: true,
    });
  }
  if (page.shell === 'inbox') {
    sources.push({ path: `${API}/chats?limit=100`, queryKey: chatsQuery.queryKey });
    const chatId = matchPath('/inbox/:chatId', path)?.params.chatId;
    if (chatId) {
      const id = encodeURIComponent(chatId);
      sources.push(
        { path: `${API}/chats/${id}`, queryKey: chatQuery(chatId).queryKey },
        {
          path: `${API}/chats/${id}/messages?limit=50`,
          queryKey: messagesQuery(chatId).queryKey,
          infinite: true,
        },
      );
    }
  }
  if (page.shell === 'account' && new URLSearchParams(search).get('tab') !== 'plans') {
    // The profile tab's mail settings and gallery, which otherwise arrive after hydration and
    // draw their sections again.
    sources.push(
      { path: `${API}/me/notifications`, queryKey: accountKeys.notifications },
      { path: `${API}/me/gallery`, queryKey: accountKeys.gallery },
    );
    // A business's services, drawn by the editor the server renders with the rest.
    if (user.role === 'seller') {
      sources.push({ path: `${API}/me/services`, queryKey: ownServicesQuery.queryKey });
    }
  }
  return sources;
}

/**
 * The cache entries `answers` (the API's answers to `sources`, parsed) become, as the browser's
 * queries hold them; with the signed-in `user` as the session when given.
 */
export function pageQueries(
  sources: PageDataSource[],
  answers: unknown[],
  user?: PrivateUser,
): PageQuery[] {
  return [
    ...(user ? [{ queryKey: sessionQuery.queryKey, data: user }] : []),
    ...sources.map((source, index) => ({
      queryKey: source.queryKey,
      data: source.infinite ? { pages: [answers[index]], pageParams: [null] } : answers[index],
    })),
  ];
}

/** How a page is drawn for the person asking: the build draws English in the server's zone. */
export interface Display {
  language?: string;
  /** An IANA time zone (the browser's), for the times a page shows. */
  timeZone?: string;
}

/** A time zone this runtime knows, or undefined. */
export function knownTimeZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

// One render at a time: the language and the time zone are the app's, shared by every render.
let rendering: Promise<unknown> = Promise.resolve();

/**
 * Renders `url` once every lazy screen and bar has loaded (React's prerender waits for
 * Suspense). Nothing is fetched: the parts that show API data draw `data` when it is given, and
 * their placeholders otherwise, exactly as the browser's first render does. `namespaces` are
 * the long texts the page shows.
 */
export function render(
  url: string,
  namespaces: string[] = [],
  data: PageQuery[] = [],
  display: Display = {},
): Promise<Prerendered> {
  const result = rendering.then(() => renderNow(url, namespaces, data, display));
  rendering = result.catch(() => undefined);
  return result;
}

async function renderNow(
  url: string,
  namespaces: string[],
  data: PageQuery[],
  { language = 'en', timeZone }: Display,
): Promise<Prerendered> {
  await setLanguage(languages.includes(language) ? language : 'en');
  await Promise.all(namespaces.map((namespace) => loadNamespace(namespace)));
  setDrawnNamespaces(namespaces);
  setTimeZone(knownTimeZone(timeZone));
  try {
    return await draw(url, data);
  } finally {
    setTimeZone(undefined);
  }
}

async function draw(url: string, data: PageQuery[]): Promise<Prerendered> {
  // compat: the styles are collected in cache.inserted instead of written inline beside each
  // element, so they can go into one <style> in <head>.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, null);
  for (const { queryKey, data: answer } of data) queryClient.setQueryData(queryKey, answer);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <App router={router} queryClient={queryClient} />
      </CacheProvider>
    </StrictMode>,
    {
      // A part that fails would be left to the browser with an inline script, which the CSP
      // refuses: the render fails instead.
      onError: (error) => void errors.push(error),
      // Never split a large part out to be revealed by an inline script either: one document.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) {
    throw new Error(`prerendering ${url} failed`, { cause: errors[0] });
  }
  const markup = await new Response(prelude).text();
  queryClient.clear();

  // React writes resource hints (an image preload) ahead of the markup; they belong in <head>,
  // where hydration never looks.
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return { html: markup.slice(hints.length), styles: emotionStyles(cache.inserted), hints };
}

/**
 * What emotion collected, as one <style> element that stays where the server put it: its ids go
 * into the browser's emotion cache as already inserted (src/start/page-styles.ts), so nothing is
 * inserted twice. emotion's own format (`data-emotion="css <ids>"`) would have the browser's
 * emotion move the element to the end of <head> twice as it starts, and each move makes the
 * browser work out the style of every element on the page again, a long task on a phone. The
 * page's global styles are in index.html.
 */
export function emotionStyles(inserted: Record<string, string | true | undefined>): string {
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  return `<style data-page-styles="${ids.join(' ')}">${css}</style>`;
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export interface ShellPage {
  /** The route the URL matches (src/app/router.tsx), such as `/sellers/:id`. */
  route: string;
  url: string;
  namespaces?: string[];
  data?: PageQuery[];
  /** The origin people use (PUBLIC_URL), for the absolute URLs of link previews. */
  origin?: string;
  /** The language and time zone of the person asking (a signed-in screen). */
  display?: Display;
  /** False: the page formats nothing at first, so main.tsx does not set ICU up ahead. */
  warmIntl?: boolean;
}

/** The shell's <head> with what the page says of itself instead of the site's defaults. */
function withHead(shell: string, head: PageHead, origin: string | undefined): string {
  const meta = (html: string, key: string, value: string) =>
    html.replace(
      new RegExp(`<meta\\s+(name|property)="${key}"\\s+content="[^"]*"\\s*/>`),
      (_tag, kind: string) => `<meta ${kind}="${key}" content="${attribute(value)}" />`,
    );
  let html = shell.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${attribute(head.title)}</title>`,
  );
  html = meta(html, 'description', head.description);
  html = meta(html, 'og:title', head.title);
  html = meta(html, 'og:description', head.description);
  if (head.image && origin) html = meta(html, 'og:image', new URL(head.image, origin).href);
  return html;
}

/**
 * `shell` (index.html with the page's chunk list) with the page rendered into it: the markup in
 * `#root` with the route it was drawn for, its styles and image hints in `<head>`, and the API
 * answers it was drawn with as a JSON block that main.tsx puts in the query cache before it
 * hydrates.
 */
export async function renderShell(
  shell: string,
  { route, url, namespaces = [], data = [], origin, display = {}, warmIntl = true }: ShellPage,
): Promise<string> {
  if (!shell.includes('<div id="root"></div>')) {
    throw new Error(`the shell of ${route} has no empty <div id="root">`);
  }
  const { html, styles, hints } = await render(url, namespaces, data, display);
  const language = i18n.language;
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  // The CSP allows no inline script: a page React could not finish would need one.
  if (/<script|<!--\$[?!]-->/.test(html)) {
    throw new Error(`the prerendered ${route} needs an inline script`);
  }
  const rootAttributes = [
    `data-route="${attribute(route)}"`,
    ...(namespaces.length > 0 ? [`data-namespaces="${attribute(namespaces.join(' '))}"`] : []),
    // What boot.tsx checks before hydrating: the page was drawn for this query, in this language.
    ...(search ? [`data-search="${attribute(search)}"`] : []),
    ...(language !== 'en' ? [`data-lang="${attribute(language)}"`] : []),
    // main.tsx starts start/warm-intl.ts only for a page that formats at first.
    ...(warmIntl ? [] : ['data-warm-intl="no"']),
  ].join(' ');
  // Never run (its type is not a script's), and `<` is escaped so no text can close it.
  const dataBlock =
    data.length > 0
      ? `    <script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>\n`
      : '';
  const key = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);
  const head = pageData(url).flatMap((source) => {
    const answer = data.find((query) => key(query.queryKey) === key(source.queryKey));
    return source.head && answer ? [source.head(answer.data)] : [];
  })[0];
  return (
    (head ? withHead(shell, head, origin) : shell)
      .replace(/<html lang="[^"]*">/, () => `<html lang="${attribute(htmlLanguage(language))}">`)
      // The page's images (its largest paint, often) are asked for before its scripts.
      .replace(/<meta charset="[^"]*" \/>\n/i, (meta) => `${meta}    ${hints}\n`)
      .replace('  </head>', () => `    ${styles}\n${dataBlock}  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root" ${rootAttributes}>${html}</div>`)
  );
}
