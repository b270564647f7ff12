/**
 * Finding a business: the business first puts three photos in its gallery (the account page's
 * carousel shows them); then a client narrows the directory by text, sector and distance, sorts
 * by distance, switches to the map, opens the business from its marker and sees its profile
 * with map and gallery. Every screen passes axe at 360/768/1280 px (discovery-*.png).
 */
import type { Page } from 'playwright-core';
import { expect, ExpectationError, journey } from '../helpers/index.js';
import {
  BUYER,
  cardNames,
  expectToast,
  Findings,
  pngFile,
  SELLER,
  SELLER_NAME,
  signIn,
} from './support.js';

/** Lisbon's centre; the demo seed puts eight sellers within 25 km of it. */
const LISBON = '38.72,-9.14';

/** Waits until the cards shown satisfy `check` (the list refetches after every filter change). */
async function waitForCards(
  page: Page,
  what: string,
  check: (names: string[]) => boolean,
  timeoutMs = 10_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let names: string[] = [];
  while (Date.now() < deadline) {
    // While a search runs the directory shows skeleton cards in a "Loading…" status.
    if ((await page.getByRole('status', { name: 'Loading…' }).count()) === 0) {
      names = await cardNames(page);
      if (check(names)) return names;
    }
    await page.waitForTimeout(200);
  }
  throw new ExpectationError(
    `${page.url()}: expected ${what}; the directory shows ${JSON.stringify(names)}`,
  );
}

/** The "N km away" of every card, in order. */
async function cardDistances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allInnerTexts();
  return texts.map((text) => Number(/([\d.]+) km away/.exec(text)?.[1] ?? NaN));
}

function sameSet(actual: string[], expected: string[]): boolean {
  return actual.length === expected.length && expected.every((name) => actual.includes(name));
}

journey(
  'discovery: a client finds a business by text, sector and distance, on the map, and sees its gallery',
  async ({ newPage }) => {
    const findings = new Findings('discovery');
    await findings.run(async () => {
      // The business adds three photos to its gallery.
      const seller = findings.track('business', await newPage());
      await signIn(seller, '/sellerauth', SELLER);
      await seller.goto('/account');
      await seller.page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
      await seller.settle();
      const stamp = Date.now();
      const photos = await Promise.all([
        pngFile(`campaign-shoot-${stamp}-1.png`, '#6a1b9a'),
        pngFile(`campaign-shoot-${stamp}-2.png`, '#00838f'),
        pngFile(`campaign-shoot-${stamp}-3.png`, '#ef6c00'),
      ]);
      const gallery = seller.page.getByRole('region', { name: 'Gallery', exact: true });
      await gallery.locator('input[type=file]').setInputFiles(photos);
      for (const photo of photos) {
        await gallery
          .getByRole('button', { name: `Remove ${photo.name}` })
          .waitFor({ timeout: 15_000 });
      }
      await gallery.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(seller.page, 'Data saved successfully');
      const carousel = gallery.getByRole('region', { name: 'Gallery preview' });
      await carousel.waitFor({ timeout: 10_000 });
      // From 1024 px the carousel shows three at once: exactly the three new photos.
      const shownInCarousel = await carousel
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));
      expect(
        sameSet(
          shownInCarousel,
          photos.map((photo) => photo.name),
        ),
        `the gallery carousel shows ${JSON.stringify(shownInCarousel)} at 1280 px, expected the three new photos`,
      );
      await findings.screen(seller, 'business-gallery');

      // The client searches by text…
      const buyer = findings.track('client', await newPage());
      const page = buyer.page;
      await signIn(buyer, '/buyerauth', BUYER);
      await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
      const everyone = await waitForCards(
        page,
        'the first page of sellers',
        (names) => names.length > 8,
      );
      await page.getByRole('searchbox', { name: 'Search' }).fill('Studio');
      await page.waitForURL(/[?&]q=Studio/);
      const studios = await waitForCards(
        page,
        'only sellers named "… Studio …", Bright Reach Studio among them',
        (names) =>
          names.length > 0 &&
          names.length < everyone.length &&
          names.every((name) => name.includes('Studio')) &&
          names.includes(SELLER_NAME),
      );

      // …then by sector…
      await page.getByRole('combobox', { name: 'Sector' }).click();
      await page.getByRole('option', { name: 'Micro-influencer marketing' }).click();
      await page.waitForURL(/[?&]category=influencer-marketing/);
      await waitForCards(
        page,
        'the influencer-marketing studios only (Bright Reach Studio and Bright Reach Studio Lisbon)',
        (names) =>
          names.length < studios.length && sameSet(names, [SELLER_NAME, `${SELLER_NAME} Lisbon`]),
      );
      const chips = await page
        .getByRole('article')
        .filter({ hasNotText: 'Micro-influencer marketing' })
        .count();
      expect(chips === 0, `${chips} card(s) lack the "Micro-influencer marketing" sector`);

      // …then within 25 km of Lisbon, from the URL, as a shared link would.
      await buyer.goto(`/?q=Studio&category=influencer-marketing&near=${LISBON}&radiusKm=25`);
      await page.getByRole('combobox', { name: 'Radius' }).waitFor();
      const radius = await page.getByRole('combobox', { name: 'Radius' }).innerText();
      expect(radius.trim() === '25 km', `the Radius select shows "${radius}", expected "25 km"`);
      await waitForCards(page, 'the two Bright Reach studios near Lisbon', (names) =>
        sameSet(names, [SELLER_NAME, `${SELLER_NAME} Lisbon`]),
      );
      const near = await cardDistances(page);
      expect(
        near.every((distance) => distance <= 25),
        `cards within 25 km show distances ${JSON.stringify(near)}`,
      );
      await buyer.settle();
      await findings.screen(buyer, 'directory-filtered');

      // Distance alone: only Lisbon's sellers; sorted by distance, nearest first.
      await buyer.goto(`/?near=${LISBON}&radiusKm=25`);
      const lisbon = await waitForCards(
        page,
        'the sellers within 25 km of Lisbon only',
        (names) => names.length > 2 && names.length < everyone.length,
      );
      const addresses = await page.getByRole('article').allInnerTexts();
      const elsewhere = addresses.filter((text) => !text.includes('Lisbon'));
      expect(
        elsewhere.length === 0,
        `within 25 km of Lisbon the directory shows sellers elsewhere:\n${elsewhere.join('\n---\n')}`,
      );
      const sortedAnswer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/v1/users' &&
          new URL(response.url()).searchParams.get('sort') === 'distance',
      );
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Distance' }).click();
      await page.waitForURL(/[?&]sort=distance/);
      await sortedAnswer;
      await waitForCards(page, 'the same sellers, sorted by distance', (names) =>
        sameSet(names, lisbon),
      );
      const ascending = (list: number[]) =>
        list.every((distance, index) => index === 0 || distance >= list[index - 1]!);
      let sorted: number[] = [];
      for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
        sorted = await cardDistances(page);
        if (sorted.length === lisbon.length && ascending(sorted)) break;
        await page.waitForTimeout(200);
      }
      expect(
        sorted.length === lisbon.length && ascending(sorted),
        `sorted by distance the cards show ${JSON.stringify(sorted)} km`,
      );

      // The map, fitted to the results: a pin per seller, or a numbered cluster of those close
      // together, counting every seller found.
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.waitForURL(/[?&]view=map/);
      const map = page.getByRole('region', { name: 'Map of results' });
      await map.waitFor({ timeout: 10_000 });
      await buyer.settle();
      const shownOnMap = async () => {
        const titles = await map
          .locator('.leaflet-marker-icon')
          .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title') ?? ''));
        return titles.reduce(
          (sum, title) => sum + (Number(/^(\d+) results? here/.exec(title)?.[1]) || 1),
          0,
        );
      };
      expect(
        (await shownOnMap()) === lisbon.length,
        `the map counts ${await shownOnMap()} seller(s) for ${lisbon.length} found`,
      );
      await findings.screen(buyer, 'directory-map');

      // The business's pin (a click on its cluster zooms in to it) opens a popup that links to
      // its profile and offers a chat.
      const pin = map.locator(`.leaflet-marker-icon[title="${SELLER_NAME}"]`);
      const popup = map.locator('.leaflet-popup');
      for (let zooms = 0; zooms < 6 && (await pin.count()) === 0; zooms += 1) {
        if ((await popup.getByRole('link', { name: SELLER_NAME }).count()) > 0) break;
        await map.locator('.leaflet-marker-icon[title*=" here"]').first().click();
        await page.waitForTimeout(600);
      }
      if ((await pin.count()) > 0) await pin.click();
      const popupLink = popup.getByRole('link', { name: SELLER_NAME });
      await popupLink.waitFor({ timeout: 5_000 });
      await popup.getByRole('button', { name: 'Chat Now' }).first().waitFor();
      await popupLink.click();
      await page.waitForURL(/\/sellers\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: SELLER_NAME }).waitFor();
      await buyer.settle();

      // The profile: its map with one marker (drawn when asked for), and the gallery with the
      // three photos.
      const profileMap = page.getByRole('region', { name: `Map of ${SELLER_NAME}` });
      // The button asks for the map; scrolled to, the map also loads by itself as it nears the
      // screen, and may take the button's place while the click is on its way.
      await Promise.race([
        page.getByRole('button', { name: 'Show map' }).click(),
        profileMap.waitFor(),
      ]);
      await profileMap.waitFor();
      const profileMarkers = await profileMap.locator('.leaflet-marker-icon').count();
      expect(profileMarkers === 1, `the profile map shows ${profileMarkers} markers`);
      const profileGallery = page.getByRole('region', { name: 'Gallery', exact: true });
      await profileGallery.waitFor();
      for (const photo of photos) {
        const image = profileGallery.getByRole('img', { name: photo.name });
        await image.scrollIntoViewIfNeeded();
        const loaded = await image.evaluate(
          (element) =>
            (element as HTMLImageElement).complete &&
            (element as HTMLImageElement).naturalWidth > 0,
        );
        expect(loaded, `the profile gallery's image ${photo.name} did not load`);
      }
      const fullSize = await profileGallery.getByRole('link').first().getAttribute('href');
      expect(fullSize, 'the first gallery image links nowhere');
      const original = await page.request.get(fullSize);
      expect(
        original.status() === 200 && /^image\//.test(original.headers()['content-type'] ?? ''),
        `the full-size image ${fullSize} answered ${original.status()} ${original.headers()['content-type']}`,
      );
      await findings.screen(buyer, 'profile');
    });
  },
);
