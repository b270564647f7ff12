// @vitest-environment node
import { readFile } from 'node:fs/promises';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import type { PrivateUser, PublicProfile } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { theme } from './app/theme';
import { plans } from './test/fixtures';
import { plansQuery } from './features/billing';
import { profileQuery } from './features/directory';
import {
  emotionStyles,
  isPage,
  pageData,
  pageQueries,
  renderShell,
  signedInPage,
  signedInPageData,
} from './prerender';

// The head of index.html as the build writes it, around an empty root.
const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Maya Market</title>
    <meta
      name="description"
      content="Maya Market connects clients with local businesses."
    />
    <meta property="og:title" content="Maya Market" />
    <meta
      property="og:description"
      content="Find businesses near you."
    />
    <meta property="og:image" content="/maya.svg" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const profile: PublicProfile = {
  id: '01a20cf7-efc5-70a6-bff7-991dd53a16bb',
  role: 'seller',
  fullName: 'Velvet <Salon> & "Spa"',
  firstName: 'Velvet',
  lastName: 'Salon',
  imageUrl: '/uploads/demo/velvet.webp',
  thumbnailUrl: '/uploads/demo/velvet-thumb.webp',
  description: 'Cuts, colour and\nbridal styling in Porto. </script><script>alert(1)</script>',
  category: 'beauty',
  location: { address: 'Rua das Flores 1, Porto', lat: 41.14, lng: -8.61 },
  email: 'velvet@demo.mayamarket.example',
  gallery: [],
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the pricing page rendered with the plans', () => {
  it("reads GET /plans and draws the prices into the page's HTML", async () => {
    const sources = pageData('/pricing?from=home');
    expect(sources).toEqual([{ path: '/api/v1/plans', queryKey: plansQuery.queryKey }]);
    const html = await renderShell(shell, {
      route: '/pricing',
      url: '/pricing',
      data: [{ queryKey: plansQuery.queryKey, data: plans }],
    });
    const root = /<div id="root" data-route="\/pricing">([\s\S]*)<\/div>\n {2}<\/body>/.exec(
      html,
    )?.[1];
    expect(root).toContain('€147 per year');
    expect(root).toContain('or €14 per month');
    expect(root).toContain('a gallery of up to 60 images');
    expect(root).toContain('data-first-content');
    expect(root).not.toContain('MuiSkeleton');
    // Signed out, Pro's card offers the business sign-up, never a payment page.
    expect(root).toContain('href="/sellerauth?mode=signup"');
  });
});

describe('a page drawn after others', () => {
  it("draws only the long texts its own page names, whatever an earlier page's render loaded", async () => {
    const privacy = { route: '/privacy', url: '/privacy' };
    const withTexts = await renderShell(shell, { ...privacy, namespaces: ['pages'] });
    expect(withTexts).toContain('This policy says what Maya Market keeps about you');
    expect(withTexts).toContain('data-namespaces="pages"');
    // The same page named without its texts is drawn as the browser's first render draws it
    // before they load: the browser will hydrate it so.
    const without = await renderShell(shell, privacy);
    expect(without).not.toContain('This policy says what Maya Market keeps about you');
    expect(without).not.toContain('data-namespaces');
  });
});

describe("a page's ICU warm-up", () => {
  it('is left off only for a page that formats nothing at first (screens.json)', async () => {
    const landing = await renderShell(shell, { route: '/', url: '/', warmIntl: false });
    expect(landing).toContain('<div id="root" data-route="/" data-warm-intl="no">');
    // The default, as for the pricing page's prices: main.tsx starts the warm-up.
    const pricing = await renderShell(shell, {
      route: '/pricing',
      url: '/pricing',
      data: [{ queryKey: plansQuery.queryKey, data: plans }],
    });
    expect(pricing).toContain('€147 per year');
    expect(pricing).not.toContain('data-warm-intl');
  });
});

describe('the pages the app has', () => {
  it('knows every route, legacy addresses included, and nothing else', () => {
    for (const path of [
      '/',
      '/home',
      '/About',
      '/about',
      '/pricing',
      '/ranking',
      '/dashboard/',
      '/sellers',
      '/sellers/abc',
      '/inbox/abc',
      '/buyerauth',
      '/account',
    ]) {
      expect(isPage(path), path).toBe(true);
    }
    for (const path of ['/nowhere', '/pricing/extra', '/sellers/a/b', '/index.php']) {
      expect(isPage(path), path).toBe(false);
    }
  });
});

describe("a seller's page rendered with its profile", () => {
  const url = `/sellers/${profile.id}`;
  const { queryKey } = profileQuery(profile.id);

  it('reads the profile the API answers for the URL, under the query key the screen uses', () => {
    expect(pageData(url)).toEqual([
      expect.objectContaining({
        path: `/api/v1/users/${profile.id}`,
        queryKey,
      }),
    ]);
    expect(pageData('/terms')).toEqual([]);
  });

  it('draws the profile, names it in the head and carries the data for the browser', async () => {
    const [source] = pageData(url);
    const html = await renderShell(shell, {
      route: '/sellers/:id',
      url,
      data: [{ queryKey: source!.queryKey, data: profile }],
      origin: 'https://maya.example',
    });

    expect(html).toContain('<title>Velvet &lt;Salon> &amp; &quot;Spa&quot; · Maya Market</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Velvet &lt;Salon> &amp; &quot;Spa&quot; · Maya Market" />',
    );
    expect(html).toContain('<meta name="description" content="Cuts, colour and bridal styling in');
    expect(html).toContain(
      '<meta property="og:image" content="https://maya.example/uploads/demo/velvet.webp" />',
    );
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/demo/velvet.webp"');

    const root = /<div id="root" data-route="\/sellers\/:id">([\s\S]*)<\/div>\n {2}<\/body>/.exec(
      html,
    )?.[1];
    expect(root).toMatch(/<h1[^>]*>Velvet &lt;Salon&gt; &amp; &quot;Spa&quot;<\/h1>/);
    expect(root).toContain('Rua das Flores 1, Porto');
    expect(root).not.toMatch(/<script/);

    // The data block: one script element, never closed early by the description's text.
    const block = /<script type="application\/json" id="page-data">([^]*?)<\/script>/.exec(html);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(JSON.parse(block![1]!)).toEqual([{ queryKey, data: profile }]);
  });

  it('keeps the build-time page as it was when there is no data', async () => {
    const html = await renderShell(shell, { route: '/sellers/:id', url: '/sellers/_' });
    expect(html).toContain('<title>Maya Market</title>');
    expect(html).not.toContain('page-data');
    expect(html).not.toMatch(/<h1/);
  });
});

describe('a signed-in screen rendered for the person asking', () => {
  const ana: PrivateUser = {
    id: '01a20ea2-9ac7-7966-a75a-b0c23ec0bc22',
    role: 'buyer',
    fullName: 'Ana Silva',
    firstName: 'Ana',
    lastName: 'Silva',
    imageUrl: null,
    thumbnailUrl: null,
    description: 'Looking for a makeup artist.',
    category: null,
    location: { address: 'Lisbon, Portugal', lat: 38.76, lng: -9.19 },
    email: 'ana.silva@demo.mayamarket.example',
    createdAt: '2026-11-24T17:37:47.207Z',
    emailVerified: true,
    plan: 'free',
  };
  const chatId = '01a20cf7-efc5-70a6-bff7-991dd53a16cc';
  const message = {
    id: '01a20cf7-efc5-70a6-bff7-991dd53a16dd',
    chatId,
    senderId: profile.id,
    body: 'Yes, we have Saturday free.',
    clientId: 'c1',
    // 13:05 UTC: 10:05 in São Paulo.
    createdAt: '2026-11-24T13:05:00.000Z',
  };
  const chat = {
    id: chatId,
    partner: {
      id: profile.id,
      role: 'seller',
      fullName: 'Velvet Salon',
      thumbnailUrl: null,
      deleted: false,
    },
    lastMessage: message,
    unreadCount: 1,
    partnerLastReadMessageId: null,
    createdAt: '2026-11-24T12:00:00.000Z',
    updatedAt: '2026-11-24T13:05:00.000Z',
  };
  const answers: Record<string, unknown> = {
    '/api/v1/chats/unread': { messages: 1, chats: 1 },
    '/api/v1/chats?limit=100': { items: [chat], nextCursor: null },
    [`/api/v1/chats/${chatId}`]: { chat },
    [`/api/v1/chats/${chatId}/messages?limit=50`]: { items: [message], hasMore: false },
  };

  it('knows which screens it renders, and reads their first data for the person', () => {
    expect(signedInPage('/')).toEqual({ route: '/', shell: 'dashboard', namespaces: [] });
    expect(signedInPage('/sellers')).toEqual({
      route: '/sellers',
      shell: 'dashboard',
      namespaces: [],
    });
    expect(signedInPage(`/inbox/${chatId}`)).toEqual({
      route: '/inbox/:chatId',
      shell: 'inbox',
      namespaces: [],
    });
    expect(signedInPage('/account')).toEqual({
      route: '/account',
      shell: 'account',
      namespaces: ['notifications', 'services'],
    });
    expect(signedInPage('/pricing')).toBeUndefined();
    expect(signedInPage('/sellers/x')).toBeUndefined();

    // A client sees sellers, for the search in the URL.
    expect(signedInPageData('/dashboard?q=salon&category=beauty', ana).map((s) => s.path)).toEqual([
      '/api/v1/chats/unread',
      '/api/v1/users?role=seller&limit=24&q=salon&category=beauty',
    ]);
    expect(signedInPageData(`/inbox/${chatId}`, ana).map((s) => s.path)).toEqual(
      Object.keys(answers),
    );
    expect(signedInPageData('/account', ana).map((s) => s.path)).toEqual([
      '/api/v1/chats/unread',
      '/api/v1/me/notifications',
      '/api/v1/me/gallery',
    ]);
    expect(signedInPageData('/account?tab=plans', ana).map((s) => s.path)).toEqual([
      '/api/v1/chats/unread',
    ]);
    // A business's account draws its services too.
    expect(signedInPageData('/account', { ...ana, role: 'seller' }).map((s) => s.path)).toEqual([
      '/api/v1/chats/unread',
      '/api/v1/me/notifications',
      '/api/v1/me/gallery',
      '/api/v1/me/services',
    ]);
  });

  it('draws an open chat in the language and time zone the browser named, with its data for hydration', async () => {
    const url = `/inbox/${chatId}`;
    const sources = signedInPageData(url, ana);
    const data = pageQueries(
      sources,
      sources.map((source) => answers[source.path]),
      ana,
    );
    const html = await renderShell(shell, {
      route: '/inbox/:chatId',
      url,
      data,
      display: { language: 'pt', timeZone: 'America/Sao_Paulo' },
    });
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('data-route="/inbox/:chatId" data-lang="pt"');
    expect(html).toContain('Yes, we have Saturday free.');
    expect(html).toContain('Velvet Salon');
    const root = /<div id="root"[^>]*>([^]*)<\/div>\n {2}<\/body>/.exec(html)?.[1] ?? '';
    expect(root).toMatch(/[ >]10:05</);
    expect(root).not.toContain('13:05');
    // Portuguese: the drawer's "Chats" is "Conversas".
    expect(html).toMatch(/Conversas/);
    const block = /<script type="application\/json" id="page-data">([^]*?)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toContainEqual({ queryKey: ['session'], data: ana });
    expect(JSON.parse(block![1]!)).toContainEqual({
      queryKey: ['chats', 'messages', chatId],
      data: { pages: [{ items: [message], hasMore: false }], pageParams: [null] },
    });

    // The next render (a public page at build time) is English in the server's zone again.
    const english = await renderShell(shell, { route: '/sellers/:id', url: '/sellers/_' });
    expect(english).toContain('<html lang="en">');
  });
});

describe("a page's styles", () => {
  it('are one element the browser adopts as it is, with no global styles of their own', async () => {
    // The business portal: its sign-in and sign-up fields.
    const html = await renderShell(shell, { route: '/sellerauth', url: '/sellerauth' });
    expect(html).toContain('MuiInputBase-input');
    const styles = [...html.matchAll(/<style([^>]*)>(.*?)<\/style>/gs)];
    expect(styles).toHaveLength(1);
    const [[, attributes, css]] = styles as [RegExpExecArray];
    // Not emotion's own format, which its browser cache would move about in <head>.
    expect(attributes).toMatch(/^ data-page-styles="[\w-]+( [\w-]+)*"$/);
    expect(css).toMatch(/^\.css-/);
    // The global styles and the text fields' autofill keyframes are in index.html, once.
    expect(css).not.toContain('html{');
    expect(css).not.toContain('mui-auto-fill');
  });

  it("has index.html's global styles be MUI's CssBaseline for the theme", async () => {
    const index = await readFile(new URL('../index.html', import.meta.url), 'utf8');
    const global = /<style>([^]*?)<\/style>/.exec(index)?.[1] ?? '';
    const cache = createCache({ key: 'css' });
    cache.compat = true;
    renderToString(
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
        </ThemeProvider>
      </CacheProvider>,
    );
    const baseline = Object.values(cache.inserted).join('');
    const bare = (css: string) => css.replace(/\s+/g, '').replace(/;}/g, '}').replaceAll("'", '"');
    expect(baseline).toContain('background-color:#f7f7fb');
    expect(bare(global).slice(0, bare(baseline).length)).toBe(bare(baseline));
  });

  it('lists every id emotion inserted, keyframes and empty styles too', () => {
    expect(
      emotionStyles({
        abc: '.css-abc{color:red;}',
        'animation-xyz': '@keyframes animation-xyz{from{opacity:0;}}',
        empty: '',
        done: true,
      }),
    ).toBe(
      '<style data-page-styles="abc animation-xyz empty">' +
        '.css-abc{color:red;}@keyframes animation-xyz{from{opacity:0;}}</style>',
    );
  });
});
