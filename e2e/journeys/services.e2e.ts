/**
 * Services with prices: a business adds two services on /account (a price, and a range), a
 * client finds it with "from €9.50 per item" on its card and the VAT note said once, opens the
 * profile and reads the services with their prices and the trader line, in English and in
 * Portuguese, and filters the directory by a budget that keeps it and by one that leaves it out.
 * Each screen passes axe and is photographed at 375 and 1280 px (services-*.png).
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  expect,
  expectNoAxeViolations,
  journey,
  resizeTo,
  screenshot,
  screenshotsDir,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, cardNames, expectToast, Findings, signIn } from './support.js';

/** A demo business no other journey uses (db/seed/demo.json, its index in the list). */
const BUSINESS = 'tinta-print-shop-56@demo.mayamarket.example';
const BUSINESS_NAME = 'Tinta Print Shop';

async function shoot(
  findings: Findings,
  session: PageSession,
  name: string,
  focus?: Locator,
): Promise<void> {
  for (const width of [375, 1280]) {
    await resizeTo(session.page, width);
    await screenshot(session.page, `services-${name}`);
    // The part the screen is about, on its own, so it can be read at a glance.
    if (focus) {
      await focus.scrollIntoViewIfNeeded();
      await focus.screenshot({
        path: join(screenshotsDir, `services-${name}-part-${width}.png`),
        animations: 'disabled',
      });
    }
    await expectNoAxeViolations(session.page, `services-${name}-${width}`).catch((error: Error) =>
      findings.problems.push(error.message),
    );
  }
  await resizeTo(session.page, 1280);
}

async function switchLanguage(page: Page, label: 'Português (PT)' | 'English (EN)') {
  await page.getByRole('banner').getByRole('group').getByRole('button', { name: label }).click();
}

function cardOf(page: Page): Locator {
  return page.getByRole('article').filter({
    has: page.getByRole('link', { name: BUSINESS_NAME, exact: true }),
  });
}

journey(
  'services: a business adds two services, a buyer sees "from €…" on its card and the services on its profile, and filters by budget',
  async ({ newPage }) => {
    const findings = new Findings('services');
    await findings.run(async () => {
      const business = findings.track('business', await newPage());
      const client = findings.track('client', await newPage());

      // The business adds a price and a range on /account.
      await signIn(business, '/sellerauth', BUSINESS);
      await business.goto('/account');
      const section = business.page.getByRole('region', { name: 'Services and prices' });
      await section.getByText('Business cards').waitFor({ timeout: 15_000 });
      const add = section.getByRole('region', { name: 'Add a service' });
      const addService = async (service: {
        name: string;
        description: string;
        from: string;
        to?: string;
      }) => {
        await add.getByLabel(/^Service/).fill(service.name);
        await add.getByLabel('Short description').fill(service.description);
        await add.getByLabel(/^Price, or the lowest/).fill(service.from);
        if (service.to) await add.getByLabel('Up to (optional)').fill(service.to);
        await add.getByRole('combobox', { name: 'Priced' }).click();
        await business.page.getByRole('option', { name: 'per item' }).click();
        await add.getByRole('button', { name: 'Add service' }).click();
        await expectToast(business.page, 'Service added.');
        await section.getByText(service.name, { exact: true }).waitFor();
      };
      await addService({
        name: 'A1 poster',
        description: 'Matte paper, ready the next day.',
        from: '9.50',
      });
      await addService({
        name: 'Sticker sheet',
        description: 'Die-cut vinyl stickers.',
        from: '12',
        to: '20',
      });
      await section.getByText('€12.00 – €20.00 per item').waitFor();
      await business.settle();
      await shoot(findings, business, 'account-en', section);

      await switchLanguage(business.page, 'Português (PT)');
      const secao = business.page.getByRole('region', { name: 'Serviços e preços' });
      await secao.getByText('Adicionar um serviço').waitFor({ timeout: 10_000 });
      await secao.getByText('€ 9,50 por unidade').waitFor();
      await business.settle();
      await shoot(findings, business, 'account-pt', secao);
      await switchLanguage(business.page, 'English (EN)');

      // A client finds it: its lowest starting price on the card, the VAT note said once.
      await signIn(client, '/buyerauth', BUYER);
      await client.goto(`/sellers?q=${encodeURIComponent('Tinta print')}`);
      const card = cardOf(client.page);
      await card.getByText('from €9.50 per item').waitFor({ timeout: 15_000 });
      expect(
        (await client.page.getByText('Prices are totals with VAT included.').count()) === 1,
        'the VAT note is said once on the directory page',
      );
      await client.settle();
      await shoot(findings, client, 'card-en', card);

      // Its profile lists the services with their prices, says VAT once, and that it is a trader.
      await card.getByRole('link', { name: BUSINESS_NAME, exact: true }).click();
      await client.page.waitForURL(/\/sellers\/[0-9a-f-]{36}$/);
      const services = client.page.getByRole('region', { name: 'Services and prices' });
      await services.getByText('A1 poster').waitFor({ timeout: 10_000 });
      await services.getByText('€9.50 per item').waitFor();
      await services.getByText('€12.00 – €20.00 per item').waitFor();
      await services.getByText('Prices are totals with VAT included.').waitFor();
      await client.page
        .getByText('Sells as a trader: EU consumer law protects your purchases.')
        .waitFor();
      const profilePath = new URL(client.page.url()).pathname;
      await client.settle();
      await shoot(findings, client, 'profile-en', services);

      // The server draws the profile with its prices, before any script runs.
      const html = await (await client.page.request.get(profilePath)).text();
      expect(html.includes('A1 poster'), 'the profile’s HTML holds the services');

      await switchLanguage(client.page, 'Português (PT)');
      const servicos = client.page.getByRole('region', { name: 'Serviços e preços' });
      await servicos.getByText('€ 9,50 por unidade').waitFor({ timeout: 10_000 });
      await client.page.getByText(/^Vende como fornecedor profissional/).waitFor();
      await client.settle();
      await shoot(findings, client, 'profile-pt', servicos);

      // A budget up to 10 keeps it; up to 9 leaves it out.
      await client.goto(`/sellers?q=${encodeURIComponent('Tinta print')}`);
      await client.page.getByLabel('Orçamento até').fill('10');
      await client.page.waitForURL(/[?&]maxPrice=10(&|$)/, { timeout: 10_000 });
      await cardOf(client.page).getByText('a partir de € 9,50 por unidade').waitFor({
        timeout: 10_000,
      });
      await client.settle();
      await shoot(findings, client, 'budget-pt', client.page.getByRole('search'));

      await switchLanguage(client.page, 'English (EN)');
      await client.page.getByLabel('Budget up to').fill('9');
      await client.page.waitForURL(/[?&]maxPrice=9(&|$)/, { timeout: 10_000 });
      await client.page
        .getByText('Nobody matches this search within this budget.', { exact: false })
        .waitFor({ timeout: 10_000 });
      await client.settle();
      expect(
        !(await cardNames(client.page)).includes(BUSINESS_NAME),
        'a budget below its lowest price leaves the business out',
      );
      await shoot(findings, client, 'budget-en', client.page.getByRole('search'));
    });
  },
);
