/**
 * Maya gathers quotes for a client, in four browsers. The client asks Maya, on /assistant, for
 * quotes from one sentence: she reads it into a brief (the need, the day, the place, the budget
 * and the businesses that fit), the client checks it and sends it to three of them. One business
 * makes its offer by hand in its chat; another is a Pro business away from its screen, for which
 * Maya answers at once with her labelled offer; the third turns the request down. The client's
 * brief says how many have answered until all three have, then shows Maya's ranked comparison
 * (labelled "Maya (AI)"), and the client accepts the recommended offer: the deal is upcoming for
 * the client and for that business under /deals. The form and the comparison are photographed at
 * 375 and 1280 px in English and Portuguese (maya-quotes-*.png) and pass axe.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import {
  expect,
  journey,
  photograph,
  repoRoot,
  resizeTo,
  type PageSession,
} from '../helpers/index.js';
import { payForPro } from '../helpers/payments.js';
import {
  accountOf,
  BUYER,
  BUYER_NAME,
  expectToast,
  Findings,
  requestQuote,
  signIn,
  switchLanguage,
} from './support.js';

/** Maya's moves wait on the server's job queue: generous on a slow machine. */
const MAYA_TIMEOUT = 30_000;
/**
 * One sentence, read into a brief: the service, the day and the budget. It names no place, so
 * Maya proposes the businesses that offer it wherever they are, and the client says where.
 */
const NEED = 'A double room on 14 September 2031, up to 300 euros';

const shoot = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `maya-quotes-${name}`, findings.problems, { fitsWidth: true });

/** A name as a regular expression matches it. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The card of a move in a chat's log: the newest one of that kind. */
const card = (log: Locator, name: string) => log.getByRole('article', { name, exact: true }).last();

/** The demo businesses by name, with their sign-in (apps/server/src/db/seed/generate.ts). */
function demoBusinesses(): Map<string, string> {
  const demo = JSON.parse(
    readFileSync(`${repoRoot}/apps/server/src/db/seed/demo.json`, 'utf8'),
  ) as { businesses: { name: string }[] };
  const slug = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return new Map(
    demo.businesses.map(({ name }, index) => [
      name,
      `${slug(name)}-${index}@demo.mayamarket.example`,
    ]),
  );
}

async function switchLanguageWide(session: PageSession, name: string): Promise<void> {
  await resizeTo(session.page, 1280);
  await switchLanguage(session, name);
}

journey(
  'maya gathers quotes for a client: a brief read from one sentence goes to three businesses after the client confirms it; one offers by hand, Maya answers for another, one turns it down; the ranked comparison lets the client accept one, and the deal shows for both',
  async ({ server, newPage }) => {
    const findings = new Findings('maya-quotes');
    await findings.run(async () => {
      const emails = demoBusinesses();
      const client = findings.track('client', await newPage());
      await signIn(client, '/buyerauth', BUYER);

      // 1. Maya reads the sentence into a brief; nothing is sent yet.
      const { form, send } = await requestQuote(client, NEED);
      await form.getByText('Maya (AI)').waitFor();
      expect(
        (await form.getByLabel(/^From/).inputValue()) === '2031-09-14',
        'Maya did not read the day',
      );
      expect((await form.getByLabel(/^Budget/).inputValue()) === '300', 'no budget read');

      // Three businesses Maya proposes: the first three that may be asked.
      const boxes = form.getByRole('checkbox');
      const names: string[] = [];
      for (let index = 0; index < (await boxes.count()) && names.length < 3; index += 1) {
        const box = boxes.nth(index);
        if (await box.isDisabled()) continue;
        const label = await box.evaluate(
          (input) => input.closest('label')?.querySelector('p')?.textContent ?? '',
        );
        if (emails.has(label)) names.push(label);
      }
      expect(
        names.length === 3,
        `Maya proposed ${names.length} demo businesses: ${names.join(', ')}`,
      );
      for (let index = 0; index < (await boxes.count()); index += 1) {
        const box = boxes.nth(index);
        const label = await box.evaluate(
          (input) => input.closest('label')?.querySelector('p')?.textContent ?? '',
        );
        const wanted = names.includes(label);
        if ((await box.isChecked()) !== wanted && !(await box.isDisabled())) await box.click();
      }
      const [byHand, byMaya, turnsDown] = names as [string, string, string];
      await form.getByRole('radio', { name: 'The lowest price' }).check();
      await client.settle();
      await shoot(findings, client, 'form-en');

      // 2. Maya answers at once for the Pro business while it is away.
      const mayaEmail = emails.get(byMaya)!;
      await payForPro(server.url, await accountOf(server.url, mayaEmail));
      const away = findings.track('maya-business', await newPage());
      await signIn(away, '/sellerauth', mayaEmail);
      await away.goto('/account');
      const maya = away.page.getByRole('region', { name: 'Maya answers for me' });
      const enabled = maya.getByLabel('Let Maya answer my quote requests');
      await enabled.waitFor({ timeout: 15_000 });
      await enabled.check();
      await maya.getByRole('combobox', { name: 'Maya answers after' }).click();
      await away.page.getByRole('option', { name: 'At once' }).click();
      // Every service of its own, down to a floor of one cent: she offers the listed price.
      const offers = maya.getByLabel('Maya may offer this');
      for (let index = 0; index < (await offers.count()); index += 1) {
        await offers.nth(index).check();
      }
      for (const [label, amount] of [
        [/^Floor in/, '1'],
        [/^Keep-back in/, '0'],
      ] as const) {
        const fields = maya.getByLabel(label);
        for (let index = 0; index < (await fields.count()); index += 1) {
          await fields.nth(index).fill(amount);
        }
      }
      await maya.getByRole('button', { name: "Save Maya's settings" }).click();
      await expectToast(away.page, "Maya's settings are saved");
      // Away from its screen: no page of its is open.
      await away.close();

      // 3. The client says where, then sends the brief as confirmed (the businesses chosen, not
      // those a search near the place would propose) and lands on it.
      if ((await form.getByLabel(/^Where/).inputValue()) === '') {
        await form.getByLabel(/^Where/).fill('Lisbon');
      }
      await send.click();
      await client.page.waitForURL(/\/briefs\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      const briefPath = new URL(client.page.url()).pathname;
      await client.page.getByText(/^[0-3] of 3 answered$/).waitFor({ timeout: 15_000 });
      await client.page.getByText('Maya (AI)').first().waitFor();
      // Each business's chat, as the brief links it.
      const chatOf = async (name: string) =>
        (await client.page
          .getByRole('link', { name: new RegExp(`^Open chat\\W+${escaped(name)}$`) })
          .getAttribute('href'))!;
      const [handChat, downChat] = [await chatOf(byHand), await chatOf(turnsDown)];
      await client.settle();
      await shoot(findings, client, 'waiting-en');

      // 4. One business offers by hand in its chat; another turns the request down.
      const hand = findings.track('business', await newPage());
      await signIn(hand, '/sellerauth', emails.get(byHand)!);
      await hand.goto(handChat);
      const handLog = hand.page.getByRole('log', { name: `Messages with ${BUYER_NAME}` });
      const asked = card(handLog, 'Quote request');
      await asked.getByRole('button', { name: 'Make an offer' }).click({ timeout: 15_000 });
      const offer = hand.page.getByRole('dialog', { name: `Make ${BUYER_NAME} an offer` });
      await offer.getByLabel(/^Title/).fill('Double room, one night');
      await offer.getByLabel(/^Price, total with VAT/).fill('140');
      await offer.getByLabel(/^What is included/).fill('Breakfast and late check-out.');
      await offer.getByLabel(/^From/).fill('2031-09-14');
      await offer.getByRole('button', { name: 'Send' }).click();
      await offer.waitFor({ state: 'hidden', timeout: 10_000 });

      const down = findings.track('declining-business', await newPage());
      await signIn(down, '/sellerauth', emails.get(turnsDown)!);
      await down.goto(downChat);
      const downLog = down.page.getByRole('log', { name: `Messages with ${BUYER_NAME}` });
      await card(downLog, 'Quote request')
        .getByRole('button', { name: 'Withdraw' })
        .click({ timeout: 15_000 });
      await card(downLog, 'Quote request turned down').waitFor({ timeout: 10_000 });

      // 5. Every business has answered: Maya's comparison, ranked, and the client accepts.
      await client.goto(briefPath);
      const comparison = client.page.getByRole('region', { name: "Maya's comparison" });
      await comparison.getByText('Maya recommends').waitFor({ timeout: MAYA_TIMEOUT + 30_000 });
      await comparison.getByText('No. 1').waitFor();
      await comparison
        .getByText(/the order the answers arrived in and a business's plan do not change/)
        .waitFor();
      await comparison.getByText('Declined').waitFor();
      await client.settle();
      await shoot(findings, client, 'ranked-en');

      // In Portuguese, the comparison and the form.
      await switchLanguageWide(client, 'Português (PT)');
      await client.page.getByRole('region', { name: 'Comparação da Maya' }).waitFor();
      await client.page.getByText('Maya (IA)').first().waitFor();
      await client.settle();
      await shoot(findings, client, 'ranked-pt');
      const { form: formPt } = await requestQuote(client, NEED, 'pt');
      // A new place, once the field is left: Maya looks again near it and says so.
      await formPt.getByLabel(/^Onde/).fill('Porto');
      await formPt.getByLabel(/^Onde/).press('Tab');
      await formPt
        .getByRole('status')
        .filter({
          hasText: /^A Maya (encontrou \d+ empresas?|não encontrou empresas) perto de Porto\./,
        })
        .waitFor({ timeout: 20_000 });
      await client.settle();
      await shoot(findings, client, 'form-pt');
      await formPt.getByRole('button', { name: 'Fechar' }).click();
      await switchLanguageWide(client, 'English (EN)');

      await client.goto(briefPath);
      const recommended = client.page.getByRole('listitem').filter({ hasText: 'Maya recommends' });
      const chosenName = (await recommended.getByRole('heading', { level: 3 }).innerText()).trim();
      await recommended.getByRole('button', { name: `Accept the offer of ${chosenName}` }).click();
      await recommended.getByText('You chose this offer.').waitFor({ timeout: 15_000 });
      await client.settle();
      await shoot(findings, client, 'accepted-en');

      // 6. The deal is upcoming for the client and for that business.
      await recommended.getByRole('link', { name: 'See it under Deals' }).click();
      await client.page.waitForURL(/\/deals$/);
      await client.page.getByRole('link', { name: 'Quotes Maya gathered' }).waitFor();
      await client.page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      await client.page
        .getByRole('article')
        .filter({ hasText: chosenName })
        .first()
        .waitFor({ timeout: 15_000 });
      const seller = findings.track('chosen-business', await newPage());
      await signIn(seller, '/sellerauth', emails.get(chosenName)!);
      await seller.goto('/deals');
      await seller.page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      await seller.page
        .getByRole('article')
        .filter({ hasText: BUYER_NAME })
        .first()
        .waitFor({ timeout: 15_000 });
    });
  },
  { timeoutMs: 420_000 },
);
