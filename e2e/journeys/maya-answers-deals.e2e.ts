/**
 * Maya answers for a Pro business, in two browsers. A demo business pays for Pro through the
 * payment provider's webhook, adds a service with its price on /account and lets Maya answer at
 * once for it, with a floor and a keep-back below the listed price. A confirmed client requests
 * a quote for that service in their chat: Maya's offer arrives at the listed price, its card
 * headed "Maya (AI) for …" and her message marked AI. The client counters at the floor, Maya
 * accepts, and the deal is upcoming under /deals for both; the business opens "How Maya
 * answered" and reads her two steps. The client's chat and the business's log are photographed
 * at 375 and 1280 px and pass axe, and so are the settings, in Portuguese (maya-deals-*.png).
 */
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import {
  expect,
  journey,
  photograph,
  PHOTO_WIDTHS,
  resizeTo,
  screenshotsDir,
  type PageSession,
  type PhotographOptions,
} from '../helpers/index.js';
import { payForPro } from '../helpers/payments.js';
import {
  accountOf,
  BUYER,
  BUYER_NAME,
  expectToast,
  Findings,
  signIn,
  switchLanguage,
} from './support.js';

/** A demo business no other journey uses (db/seed/demo.json, its index in the list). */
const BUSINESS = 'luxe-lashes-15@demo.mayamarket.example';
const BUSINESS_NAME = 'Luxe Lashes';
const BY_MAYA = `Maya (AI) for ${BUSINESS_NAME}`;
/** Maya's moves wait on the server's job queue: generous on a slow machine. */
const MAYA_TIMEOUT = 30_000;

const shoot = (
  findings: Findings,
  session: PageSession,
  name: string,
  options?: PhotographOptions,
) => photograph(session, `maya-deals-${name}`, findings.problems, options);

/** The card of a move in a chat's log: the newest one of that kind. */
const card = (log: Locator, name: string) => log.getByRole('article', { name, exact: true }).last();

journey(
  'maya answers for a business: a Pro business lets Maya answer, a client gets her labelled offer, her acceptance of a counter makes the deal for both, and the business reads how she answered',
  async ({ server, newPage }) => {
    const findings = new Findings('maya-deals');
    await findings.run(async () => {
      // A service of its own each try: a client's second request for a service is handed over.
      const SERVICE = `Lash lift and tint ${Date.now() % 10_000}`;
      // The business pays for Pro (a retry finds it Pro already).
      await payForPro(server.url, await accountOf(server.url, BUSINESS));

      const business = findings.track('business', await newPage());
      const client = findings.track('client', await newPage());
      await signIn(business, '/sellerauth', BUSINESS);
      await signIn(client, '/buyerauth', BUYER);

      // 1. A service with its price on /account.
      await business.goto('/account');
      const services = business.page.getByRole('region', { name: 'Services and prices' });
      const add = services.getByRole('region', { name: 'Add a service' });
      await add.getByLabel(/^Service/).waitFor({ timeout: 15_000 });
      await add.getByLabel(/^Service/).fill(SERVICE);
      await add.getByLabel('Short description').fill('A lift and a tint, about an hour.');
      await add.getByLabel(/^Price, or the lowest/).fill('60');
      await add.getByRole('combobox', { name: 'Priced' }).click();
      await business.page.getByRole('option', { name: 'per item' }).click();
      await add.getByRole('button', { name: 'Add service' }).click();
      await expectToast(business.page, 'Service added.');
      await services.getByText(SERVICE, { exact: true }).first().waitFor();

      // 2. Maya answers at once for it, never below the floor plus the keep-back.
      await business.goto('/account');
      const maya = business.page.getByRole('region', { name: 'Maya answers for me' });
      const enabled = maya.getByLabel('Let Maya answer my quote requests');
      await enabled.waitFor({ timeout: 15_000 });
      expect(await enabled.isEnabled(), 'Maya cannot be turned on for a Pro business');
      await enabled.check();
      await maya.getByRole('combobox', { name: 'Maya answers after' }).click();
      await business.page.getByRole('option', { name: 'At once' }).click();
      const limits = maya.getByRole('group', { name: SERVICE });
      await limits.getByLabel('Maya may offer this').check();
      await limits.getByLabel(/^Floor in/).fill('50');
      await limits.getByLabel(/^Keep-back in/).fill('5');
      await maya.getByRole('button', { name: "Save Maya's settings" }).click();
      await expectToast(business.page, "Maya's settings are saved");
      await business.settle();
      await maya.scrollIntoViewIfNeeded();

      // Its settings in Portuguese.
      await switchLanguage(business, 'Português (PT)');
      const mayaPt = business.page.getByRole('region', { name: 'A Maya responde por mim' });
      await mayaPt.getByText('Salvar as configurações da Maya').waitFor({ timeout: 10_000 });
      await shoot(findings, business, 'settings-pt', { fitsWidth: true });
      for (const width of PHOTO_WIDTHS) {
        await resizeTo(business.page, width);
        // The section on its own, so it can be read at a glance.
        await mayaPt.scrollIntoViewIfNeeded();
        await mayaPt.screenshot({
          path: join(screenshotsDir, `maya-deals-settings-pt-part-${width}.png`),
          animations: 'disabled',
          // The sticky top bar would be painted over the section's middle.
          style: 'header { visibility: hidden !important; }',
        });
      }
      await resizeTo(business.page, 1280);
      await switchLanguage(business, 'English (EN)');
      await maya.waitFor({ timeout: 10_000 });

      // 3. The client finds the business and requests a quote for that service.
      await client.page.getByRole('searchbox', { name: 'Search' }).fill(BUSINESS_NAME);
      await client.page.waitForURL(/[?&]q=Luxe/);
      const found = client.page.getByRole('article').filter({
        has: client.page.getByRole('link', { name: BUSINESS_NAME, exact: true }),
      });
      await found.waitFor({ timeout: 10_000 });
      await found.getByRole('button', { name: 'Chat Now' }).click();
      await client.page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/, { timeout: 10_000 });
      const chatPath = new URL(client.page.url()).pathname;
      const clientLog = client.page.getByRole('log', { name: `Messages with ${BUSINESS_NAME}` });

      await client.page.getByRole('button', { name: 'Request a quote' }).click();
      const request = client.page.getByRole('dialog', {
        name: `Request a quote from ${BUSINESS_NAME}`,
      });
      await request.waitFor();
      await request.getByRole('combobox', { name: 'Service' }).click();
      await client.page.getByRole('option', { name: new RegExp(`^${SERVICE}`) }).click();
      await request.getByLabel(/^What do you need/).fill('A lift and tint before a wedding.');
      await request.getByLabel(/^From/).fill('2030-06-01');
      await request.getByLabel(/^Where/).fill('Barcelona');
      await request.getByLabel(/^Budget/).fill('60');
      await request.getByRole('button', { name: 'Send' }).click();
      await request.waitFor({ state: 'hidden', timeout: 10_000 });
      await card(clientLog, 'Quote request').waitFor({ timeout: 10_000 });

      // 4. Maya's offer at the listed price, labelled, and her message marked AI.
      const offered = card(clientLog, 'Offer');
      await offered.getByText('€60.00').waitFor({ timeout: MAYA_TIMEOUT });
      await clientLog.getByText(BY_MAYA, { exact: true }).first().waitFor();
      // Her words are in the client's own language (its mail language, which an earlier
      // journey may have set to Portuguese), labelled in it.
      await clientLog
        .getByText(new RegExp(`^Maya \\((AI\\) for|IA\\) em nome de) ${BUSINESS_NAME}: `))
        .first()
        .waitFor({ timeout: MAYA_TIMEOUT });
      await clientLog
        .getByRole('img', { name: 'Written by Maya, an AI assistant' })
        .first()
        .waitFor({ timeout: MAYA_TIMEOUT });

      // 5. The client counters at the floor; Maya accepts.
      await offered.getByRole('button', { name: 'Counter' }).click();
      const counter = client.page.getByRole('dialog', { name: 'Counter the offer' });
      await counter.waitFor();
      await counter.getByLabel(/^Price, total with VAT/).fill('50');
      await counter.getByRole('button', { name: 'Send' }).click();
      await counter.waitFor({ state: 'hidden', timeout: 10_000 });
      await card(clientLog, 'Counter-offer').getByText('€50.00').waitFor({ timeout: 10_000 });
      await card(clientLog, 'Offer accepted').waitFor({ timeout: MAYA_TIMEOUT });
      expect(
        (await clientLog.getByText(BY_MAYA, { exact: true }).count()) >= 2,
        'Maya’s acceptance is not labelled as hers',
      );
      await client.settle();
      await shoot(findings, client, 'chat-client-en');

      // 6. The deal is upcoming for both.
      await client.goto('/deals');
      await client.page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
      await client.page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      const clientDeal = client.page.getByRole('article', { name: SERVICE, exact: true });
      await clientDeal.waitFor({ timeout: 15_000 });
      for (const text of [BUSINESS_NAME, BUYER_NAME, '€50.00', '1 Jun 2030']) {
        await clientDeal.getByText(text, { exact: true }).first().waitFor();
      }
      expect(
        (await clientDeal.getByRole('button', { name: 'How Maya answered' }).count()) === 0,
        'the client is shown how Maya answered',
      );

      await business.goto('/deals');
      await business.page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      const businessDeal = business.page.getByRole('article', { name: SERVICE, exact: true });
      await businessDeal.waitFor({ timeout: 15_000 });

      // 7. The business reads how Maya answered: her offer and her acceptance.
      const opener = businessDeal.getByRole('button', { name: 'How Maya answered' });
      await opener.waitFor({ timeout: 15_000 });
      await opener.click();
      const steps = businessDeal.locator('ol > li');
      await steps.first().waitFor({ timeout: 15_000 });
      await businessDeal.getByText(/Offered €60\.00/).waitFor();
      await businessDeal.getByText(/Accepted €50\.00/).waitFor();
      const count = await steps.count();
      expect(count === 2, `How Maya answered lists ${count} steps, not 2`);
      await business.settle();
      await shoot(findings, business, 'log-business-en');

      // The business's own chat shows her moves labelled too.
      await business.goto(chatPath);
      const businessLog = business.page.getByRole('log', { name: `Messages with ${BUYER_NAME}` });
      await card(businessLog, 'Offer accepted').waitFor({ timeout: 10_000 });
      await businessLog.getByText(BY_MAYA, { exact: true }).first().waitFor();
    });
  },
  { timeoutMs: 360_000 },
);
