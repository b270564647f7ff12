/**
 * Every page a signed-out visitor can open: it renders (an h1 or a main landmark), passes axe
 * at phone, tablet and desktop widths, is served with a Content-Security-Policy that nothing on
 * the page violates, logs no console error and has no failed same-origin request. Full-page
 * screenshots land in test-results/screenshots/<route>-<width>.png.
 */
import {
  expect,
  expectNoAxeViolations,
  journey,
  resizeTo,
  routeName,
  screenshot,
  SCREEN_WIDTHS,
  SIGNED_OUT_ALLOWED,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, DEMO_PASSWORD, holdScripts } from './support.js';

const SIGNED_OUT_ROUTES = [
  '/',
  '/home',
  '/sellerauth',
  '/buyerauth',
  '/pricing',
  '/About',
  '/sellers/:id',
];

/** A seeded seller, found through the public directory API. */
/**
 * The directory's first seller with a photo and a description, as the demo seeds them: a journey
 * that ran before on this server may have listed a new business with neither.
 */
async function firstSellerId(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/users?role=seller&limit=50`);
  expect(response.ok, `GET /api/v1/users?role=seller&limit=50 answered ${response.status}`);
  const body = (await response.json()) as {
    items: { id: string; description: string; thumbnailUrl: string | null }[];
  };
  const id = body.items.find((seller) => seller.description && seller.thumbnailUrl)?.id;
  expect(id, 'the demo seed has no seller with a photo and a description');
  return id;
}

async function mainHeading(session: PageSession): Promise<string> {
  const heading = session.page.locator('h1:visible').first();
  return (await heading.count()) > 0 ? (await heading.innerText()).trim() : '';
}

for (const route of SIGNED_OUT_ROUTES) {
  journey(
    `signed out: ${route} renders, passes axe at ${SCREEN_WIDTHS.join('/')} px, no errors`,
    async ({ server, newPage }) => {
      const path = route === '/sellers/:id' ? `/sellers/${await firstSellerId(server.url)}` : route;
      const session = await newPage();
      await session.goto(path);
      await session.settle();

      const landmarks = session.page.locator('h1:visible, main:visible, [role="main"]:visible');
      expect((await landmarks.count()) > 0, `${path} shows neither an h1 nor a main landmark`);

      // Every width is checked and photographed before anything is reported, so one run shows
      // all of a page's problems.
      const problems: string[] = [];
      for (const width of SCREEN_WIDTHS) {
        await resizeTo(session.page, width);
        await screenshot(session.page, routeName(route));
        await expectNoAxeViolations(session.page, `${routeName(route)}-${width}`).catch(
          (error: Error) => problems.push(error.message),
        );
      }
      try {
        session.expectNoIssues();
      } catch (error) {
        problems.push((error as Error).message);
      }
      expect(problems.length === 0, problems.join('\n'));
    },
  );
}

journey(
  'signed out: an unknown route answers 404 with the not-found page, not the landing page',
  async ({ server, newPage }) => {
    const landing = await newPage();
    await landing.goto('/home');
    await landing.settle();
    const home = await mainHeading(landing);
    expect(home !== '', '/home has no visible h1 to compare with');

    const unknown = await newPage({
      allow: [...SIGNED_OUT_ALLOWED, { path: '/no-such-page', status: 404 }],
    });
    const response = await unknown.page.goto(`${server.url}/no-such-page`, { waitUntil: 'load' });
    expect(response?.status() === 404, `/no-such-page answered ${response?.status()}`);
    await unknown.settle();
    const heading = await mainHeading(unknown);
    expect(
      heading !== '' && heading !== home,
      `/no-such-page shows the heading ${JSON.stringify(heading)}, the landing page ${JSON.stringify(home)}`,
    );
    expect(
      (await unknown.page.getByRole('link', { name: 'Go to the home page' }).count()) > 0,
      'the not-found page offers no way home',
    );
    landing.expectNoIssues();
    unknown.expectNoIssues();
  },
);

journey(
  'signed out: what a client types into the prerendered sign-in page before the app has loaded signs them in',
  async ({ newPage }) => {
    const visitor = await newPage();
    const { page } = visitor;
    // The app's scripts are held back: the page is only its prerendered HTML meanwhile.
    const release = await holdScripts(page);
    await page.goto('/buyerauth', { waitUntil: 'commit' });
    await page.getByLabel(/^Email/).fill(BUYER);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    expect(
      await page.evaluate(() => document.documentElement.dataset.ready === undefined),
      'the app was already live: the test did not type before hydration',
    );

    release();
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
    const email = await page.getByLabel(/^Email/).inputValue();
    expect(email === BUYER, `after hydration the email field holds ${JSON.stringify(email)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    visitor.expectNoIssues();
  },
);

journey(
  "signed out: a seller's profile arrives drawn with its data, and the app takes it over as it is",
  async ({ server, newPage }) => {
    const id = await firstSellerId(server.url);
    const profile = (await (await fetch(`${server.url}/api/v1/users/${id}`)).json()) as {
      fullName: string;
      description: string;
    };
    const visitor = await newPage();
    const { page } = visitor;
    // The app's scripts are held back: what shows meanwhile is the server's HTML alone.
    const release = await holdScripts(page);
    await page.goto(`/sellers/${id}`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(
      (await heading.innerText()).trim() === profile.fullName,
      `before any script the page's h1 is ${JSON.stringify(await heading.innerText())}`,
    );
    expect(
      await page.getByText(profile.description).isVisible(),
      'the description is not in the HTML',
    );
    const title = `${profile.fullName} · Maya Market`;
    expect(
      (await page.title()) === title,
      `before any script the tab title is ${await page.title()}`,
    );
    const preview = await page.locator('meta[property="og:title"]').getAttribute('content');
    expect(preview === title, `the link preview's title is ${preview}`);
    await page
      .waitForFunction(
        (name) =>
          Array.from(document.images).some(
            (image) => image.alt === name && image.complete && image.naturalWidth > 0,
          ),
        profile.fullName,
        { timeout: 10_000 },
      )
      .catch(() => expect(false, "the seller's photo did not load from the HTML"));
    expect(
      await page.evaluate(() => document.documentElement.dataset.ready === undefined),
      'the app was already live: the page was not looked at before its scripts ran',
    );

    release();
    await visitor.settle();
    // Hydrated without a mismatch (React reports one as a console error): the same heading,
    // and the map, which only the browser draws, once the visitor asks for it.
    expect((await heading.innerText()).trim() === profile.fullName, 'the heading changed');
    expect((await page.title()) === title, `once live the tab title is ${await page.title()}`);
    await page.getByRole('button', { name: 'Show map' }).click();
    await page.getByRole('region', { name: `Map of ${profile.fullName}` }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    visitor.expectNoIssues();
  },
);
