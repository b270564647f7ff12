// The page renderer, built for Node by the web build (apps/web/build-plugins.ts) into
// dist-ssr/render.mjs. The build renders each public page signed out and in English into its
// shell (dist/shells/<segment>.html), so the browser paints the page before any script has run;
// the server renders a page that shows API data (a seller's profile) the same way when it is
// asked for, with that data (apps/server/src/plugins/web.ts). main.tsx then hydrates it. Never
// part of the browser bundle.
import './lib/zod-config';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, matchPath } from 'react-router';
import type { PublicProfile } from '@maya/contracts';
import { App } from './app/app';
import { routes } from './app/router';
import { preview, profileQuery } from './features/directory';
import i18n, { loadNamespace } from './lib/i18n';
import { PAGE_DATA_ID, type PageQuery } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';

export interface Prerendered {
  /** The content of <div id="root">. */
  html: string;
  /** One <style> element in emotion's server format, which the browser's emotion adopts. */
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
}

/** The title matches the one the profile screen sets in the browser (DocumentTitle). */
const profileHead = (profile: PublicProfile): PageHead => ({
  title: i18n.t('titles.suffix', { page: profile.fullName }),
  description: preview(profile.description.replace(/\s+/g, ' ').trim(), 157),
  ...(profile.imageUrl ? { image: profile.imageUrl } : {}),
});

/**
 * The API answers the page at `url` shows, which the server fetches to render it whole. None for
 * a page that is the same for every visitor (the build renders those).
 */
export function pageData(url: string): PageDataSource[] {
  const id = matchPath('/sellers/:id', url.split('?')[0] ?? '')?.params.id;
  if (!id) return [];
  return [
    {
      path: `/api/v1/users/${encodeURIComponent(id)}`,
      queryKey: profileQuery(id).queryKey,
      head: (answer) => profileHead(answer as PublicProfile),
    },
  ];
}

/**
 * Renders `url` once every lazy screen and bar has loaded (React's prerender waits for
 * Suspense). Nothing is fetched: the parts that show API data draw `data` when it is given, and
 * their placeholders otherwise, exactly as the browser's first render does. `namespaces` are
 * the long texts the page shows.
 */
export async function render(
  url: string,
  namespaces: string[] = [],
  data: PageQuery[] = [],
): Promise<Prerendered> {
  await Promise.all(namespaces.map((namespace) => loadNamespace(namespace)));
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

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  // React writes resource hints (an image preload) ahead of the markup; they belong in <head>,
  // where hydration never looks.
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return {
    html: markup.slice(hints.length),
    styles: `<style data-emotion="css ${ids.join(' ')}">${css}</style>`,
    hints,
  };
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
  { route, url, namespaces = [], data = [], origin }: ShellPage,
): Promise<string> {
  if (!shell.includes('<div id="root"></div>')) {
    throw new Error(`the shell of ${route} has no empty <div id="root">`);
  }
  const { html, styles, hints } = await render(url, namespaces, data);
  // The CSP allows no inline script: a page React could not finish would need one.
  if (/<script|<!--\$[?!]-->/.test(html)) {
    throw new Error(`the prerendered ${route} needs an inline script`);
  }
  const rootAttributes = [
    `data-route="${attribute(route)}"`,
    ...(namespaces.length > 0 ? [`data-namespaces="${attribute(namespaces.join(' '))}"`] : []),
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
      // The page's images (its largest paint, often) are asked for before its scripts.
      .replace(/<meta charset="[^"]*" \/>\n/i, (meta) => `${meta}    ${hints}\n`)
      .replace('  </head>', () => `    ${styles}\n${dataBlock}  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root" ${rootAttributes}>${html}</div>`)
  );
}
