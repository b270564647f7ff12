/**
 * What Pro sells, what the search page counts, and what an address that is no page answers. A
 * demo business pays for Pro through the payment provider's webhook and fills a gallery of 35
 * images (more than Free's 12 and the old limit of 30); a client sees its "Pro" mark on its
 * profile, with all 35 images, and on its directory card. The pricing page's prices are in the
 * HTML the server sends; signed in, Pro's card leads a free business to its upgrade, tells a Pro
 * business it is on Pro and offers a client nothing. A search nobody fits exactly counts its
 * exact and close matches as the cards show them, in English and Portuguese. An unknown address
 * answers 404 with the not-found page, in both languages. Screens at 360/375/768/1280 px.
 */
import type { Page } from 'playwright-core';
import { expect, journey, resizeTo, screenshot, type PageSession } from '../helpers/index.js';
import { payForPro } from '../helpers/payments.js';
import { BUYER, DEMO_PASSWORD, Findings, SELLER, pngFile, signIn } from './support.js';

const GALLERY_SIZE = 35;

interface Profile {
  id: string;
  fullName: string;
  email: string | null;
  pro?: boolean;
  gallery?: unknown[];
}

/** Signs in over the API: a cookie header for the account's calls, and who it is. */
async function apiSession(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.ok, `signing in as ${email} over the API answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string; email: string } };
  return { cookie, user };
}

/** Uploads `count` gallery images, ten to a request, as the account page does. */
async function uploadGallery(baseUrl: string, cookie: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const form = new FormData();
    for (let index = 0; index < Math.min(10, count - ids.length); index += 1) {
      const hue = ((ids.length + index) * 37) % 360;
      const file = await pngFile(
        `photo-${ids.length + index}.png`,
        `hsl(${hue}, 60%, 55%)`,
        320,
        240,
      );
      form.append(
        'files',
        new Blob([new Uint8Array(file.buffer)], { type: 'image/png' }),
        file.name,
      );
    }
    const response = await fetch(`${baseUrl}/api/v1/uploads?kind=gallery`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    const body = await response.text();
    expect(response.status === 201, `an upload answered ${response.status}: ${body}`);
    const { files } = JSON.parse(body) as { files: { id: string }[] };
    ids.push(...files.map((file) => file.id));
  }
  return ids;
}

/** The screen at 360/768/1280 with axe (Findings), and at 375 too. */
async function screens(findings: Findings, session: PageSession, name: string) {
  await findings.screen(session, name);
  await resizeTo(session.page, 375);
  await screenshot(session.page, `pro-search-${name}`);
  await resizeTo(session.page, 1280);
}

async function inPortuguese(session: PageSession, path: string) {
  await session.page.evaluate(() => localStorage.setItem('language', 'pt'));
  await session.goto(path);
}

/** The count line, once the cards are drawn: its text and the cards' exact and close numbers. */
async function countAndCards(page: Page, pattern: RegExp) {
  const status = page.getByRole('status').filter({ hasText: pattern });
  await status.waitFor({ timeout: 15_000 });
  const cards = await page.getByRole('article').count();
  const close = await page
    .getByRole('article')
    .filter({ hasText: /Partial match|Correspondência parcial/ })
    .count();
  return { line: (await status.innerText()).trim(), exact: cards - close, close };
}

journey(
  'pro and search: a Pro business marked with a gallery over 30, counts of what is shown, the 404 page',
  async ({ server, newPage }) => {
    const findings = new Findings('pro-search');
    await findings.run(async () => {
      // A demo business other than the one the other journeys use pays for Pro.
      // A server still warming up may answer 503 "busy, try again": it is asked again.
      let listed = await fetch(`${server.url}/api/v1/users?role=seller&limit=24`);
      for (let tries = 0; listed.status === 503 && tries < 20; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        listed = await fetch(`${server.url}/api/v1/users?role=seller&limit=24`);
      }
      const listing = await listed.text();
      expect(listed.ok, `GET /api/v1/users answered ${listed.status}: ${listing.slice(0, 300)}`);
      const sellers = JSON.parse(listing) as { items: Profile[] };
      // A seeded one (the demo password signs it in), not one another journey signed up.
      const chosen = sellers.items.find(
        (item) => item.email?.endsWith('@demo.mayamarket.example') && item.email !== SELLER,
      );
      expect(chosen, 'the demo seed has no second business');
      const business = await apiSession(server.url, chosen.email!);
      expect(
        (await payForPro(server.url, business.user)).outcome === 'applied',
        'Pro was not applied',
      );

      // Its gallery: 35 images, over Free's 12 and the 30 every plan had before.
      const ids = await uploadGallery(server.url, business.cookie, GALLERY_SIZE);
      const saved = await fetch(`${server.url}/api/v1/me/gallery`, {
        method: 'PUT',
        headers: {
          cookie: business.cookie,
          origin: server.url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ imageIds: ids }),
      });
      expect(
        saved.status === 200,
        `saving a gallery of ${GALLERY_SIZE} on Pro answered ${saved.status}`,
      );
      const profile = (await fetch(`${server.url}/api/v1/users/${chosen.id}`).then((r) =>
        r.json(),
      )) as Profile;
      expect(
        profile.pro === true && profile.gallery?.length === GALLERY_SIZE,
        `the Pro business's profile says pro=${profile.pro} with ${profile.gallery?.length} images`,
      );

      // The pricing page's prices are in the server's HTML, before any script.
      const pricingHtml = await fetch(`${server.url}/pricing`).then((r) => r.text());
      expect(
        /€\s?\d+ per year/.test(pricingHtml) && /or €\s?\d+ per month/.test(pricingHtml),
        'GET /pricing has no price in its HTML',
      );

      // A client sees the mark on the profile, with every image, and on the card.
      const client = findings.track('client', await newPage());
      await signIn(client, '/buyerauth', BUYER);
      await client.goto(`/sellers/${chosen.id}`);
      const page = client.page;
      const heading = page.getByRole('heading', { level: 1, name: chosen.fullName });
      await heading.waitFor();
      await page.getByLabel('A business on the Pro plan').first().waitFor();
      const images = page.locator('section[aria-labelledby="gallery-title"] img');
      expect(
        (await images.count()) === GALLERY_SIZE,
        `the profile shows ${await images.count()} gallery images, not ${GALLERY_SIZE}`,
      );
      await client.settle();
      await screens(findings, client, 'pro-profile-en');

      await client.goto(`/?q=${encodeURIComponent(chosen.fullName)}`);
      const card = page.getByRole('article').filter({ hasText: chosen.fullName }).first();
      await card.waitFor();
      await card.getByLabel('A business on the Pro plan').waitFor();
      await client.settle();
      await screens(findings, client, 'pro-card-en');

      // Pricing, signed in as a client: Pro is for businesses, no upgrade.
      await client.goto('/pricing');
      await page.getByText('Pro is for businesses.', { exact: false }).waitFor();
      expect(
        (await page.getByRole('link', { name: 'Upgrade to Pro' }).count()) === 0,
        'a client is offered the upgrade to Pro',
      );

      // A search nobody fits exactly: the count says "0 exact, N close", as the cards show.
      await client.goto(`/?q=${encodeURIComponent('veterinário em lisboa')}`);
      const english = await countAndCards(page, /exact, \d+ close/);
      expect(
        english.line.startsWith(`${english.exact} exact, ${english.close} close`) &&
          english.close > 0,
        `the count line reads "${english.line}" above ${english.exact} exact and ${english.close} close cards`,
      );
      await client.settle();
      await screens(findings, client, 'counts-en');

      await inPortuguese(client, `/?q=${encodeURIComponent('veterinário em lisboa')}`);
      const portuguese = await countAndCards(page, /exatos?, \d+ próximos?/);
      const exactWord = portuguese.exact === 1 ? 'exato' : 'exatos';
      const closeWord = portuguese.close === 1 ? 'próximo' : 'próximos';
      expect(
        portuguese.line.startsWith(
          `${portuguese.exact} ${exactWord}, ${portuguese.close} ${closeWord}`,
        ),
        `the Portuguese count line reads "${portuguese.line}"`,
      );
      await client.settle();
      await screens(findings, client, 'counts-pt');

      await client.goto(`/sellers/${chosen.id}`);
      await page.getByRole('heading', { level: 1, name: chosen.fullName }).waitFor();
      await page.getByLabel('Uma empresa no plano Pro').first().waitFor();
      await client.settle();
      await screens(findings, client, 'pro-profile-pt');

      // Pricing signed in as businesses: a free one goes straight to its upgrade; Pro is told so.
      const free = findings.track('business', await newPage());
      await signIn(free, '/sellerauth', SELLER);
      await free.goto('/pricing');
      const upgrade = free.page.getByRole('link', { name: 'Upgrade to Pro' });
      await upgrade.waitFor();
      expect(
        (await upgrade.getAttribute('href')) === '/account?tab=plans#plan',
        `Upgrade to Pro leads to ${await upgrade.getAttribute('href')}`,
      );
      await free.settle();
      await screens(findings, free, 'pricing-business-en');
      const pro = findings.track('pro business', await newPage());
      await signIn(pro, '/sellerauth', chosen.email!);
      await pro.goto('/pricing');
      await pro.page.getByText('You are on Pro').waitFor();

      // An address that is no page: 404 and the page that says so, in both languages.
      const visitor = await newPage({
        allow: [
          { path: '/api/v1/me', status: 401 },
          { path: /^\/no-such-page/, status: 404 },
        ],
      });
      // (The session's goto refuses an error answer: the page is opened directly.)
      const missing = await visitor.page.goto(`${server.url}/no-such-page`, { waitUntil: 'load' });
      expect(missing?.status() === 404, `/no-such-page answered ${missing?.status()}`);
      await visitor.page
        .getByRole('heading', { level: 1, name: 'This page does not exist' })
        .waitFor();
      await visitor.settle();
      await screens(findings, visitor, 'not-found-en');
      await visitor.page.evaluate(() => localStorage.setItem('language', 'pt'));
      await visitor.page.goto(`${server.url}/no-such-page/either`, { waitUntil: 'load' });
      await visitor.page
        .getByRole('heading', { level: 1, name: 'Esta página não existe' })
        .waitFor();
      await visitor.settle();
      await screens(findings, visitor, 'not-found-pt');
      expect(
        (await fetch(`${server.url}/api/v1/no-such-thing`)).headers
          .get('content-type')
          ?.startsWith('application/problem+json') === true,
        'an unknown API path no longer answers a problem',
      );
    });
  },
  { timeoutMs: 300_000 },
);
