/**
 * Deals, in two browsers: a client requests a quote from a business in their chat (a service
 * from its list, what, when, where, a budget); the business answers the request card with an
 * offer; a price the client types ("I'll pay 420") is proposed under the composer as a counter to
 * review, and nothing moves; the client counters from the offer's card and the business accepts
 * the counter, each move arriving on the other screen as a card with its buttons. The deal then
 * shows under /deals on both sides with both names and the price; the business marks it
 * delivered and the client confirms it, and it moves to Completed. Its summary opens labelled not an invoice. Both then review it: the
 * client's waits unseen until the business writes its own (the demo's shared mail domain is
 * under a reserved name, so nothing is held for an operator); then both show together on both
 * sides, and the business's rating shows on its directory card and its profile, which lists the
 * client's review. Another client reports that review from the profile; an operator takes it
 * down from the console; the profile no longer shows it, and its author sees it taken down. The
 * chat, /deals, the reviews, the card, the profile, the report and the console are photographed
 * at 375 and 1280 px in English and Portuguese (deals-*.png), and pass axe.
 */
import type { Locator } from 'playwright-core';
import {
  CONSOLE_SIGNED_OUT_ALLOWED,
  expect,
  journey,
  photograph,
  resizeTo,
  signInOperatorByApi,
  type PageSession,
} from '../helpers/index.js';
import { BUYER, BUYER_NAME, Findings, signIn } from './support.js';

/** A demo business no other journey chats with (db/seed/demo.json, its index in the list). */
const BUSINESS = 'velvet-salon-7@demo.mayamarket.example';
const BUSINESS_NAME = 'Velvet Salon';
/** A demo client who is not a party to the deal, and reports its review from the profile. */
const REPORTER = 'sofia.rossi-9@demo.mayamarket.example';

/** A screen at 375 and 1280 px (deals-<name>-<width>.png), checked with axe. */
const shoot = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `deals-${name}`, findings.problems);

/** The card of a move in a chat's log: the newest one of that kind. */
const card = (log: Locator, name: string) => log.getByRole('article', { name, exact: true }).last();

/** A deal on /deals, by its title. */
const dealOn = (session: PageSession, title: string) =>
  session.page.getByRole('article', { name: title });

/** Picks a review's stars: each star is a visually hidden radio under its drawn icon. */
async function chooseStars(form: Locator, stars: number): Promise<void> {
  const radio = form.getByRole('radio', { name: `${stars} stars out of 5` });
  await radio.evaluate((input: HTMLInputElement) => input.click());
  expect(await radio.isChecked(), `${stars} stars are chosen`);
}

async function switchLanguage(session: PageSession, name: string): Promise<void> {
  await resizeTo(session.page, 1280);
  await session.page.getByRole('banner').getByRole('group').getByRole('button', { name }).click();
}

journey(
  'deals: a buyer requests a quote, the business offers, the buyer counters and the business accepts; both see the deal under /deals, the business delivers and the buyer confirms; both review, the reviews appear together and the rating shows on the card and the profile',
  async ({ newPage }) => {
    const findings = new Findings('deals');
    await findings.run(async () => {
      const client = findings.track('client', await newPage());
      const business = findings.track('business', await newPage());
      await signIn(client, '/buyerauth', BUYER);
      await signIn(business, '/sellerauth', BUSINESS);
      const title = 'Bridal styling for 4';

      // The client finds the business and opens their chat.
      await client.page.getByRole('searchbox', { name: 'Search' }).fill(BUSINESS_NAME);
      await client.page.waitForURL(/[?&]q=Velvet/);
      const found = client.page.getByRole('article').filter({
        has: client.page.getByRole('link', { name: BUSINESS_NAME, exact: true }),
      });
      await found.waitFor({ timeout: 10_000 });
      await found.getByRole('button', { name: 'Chat Now' }).click();
      await client.page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/, { timeout: 10_000 });
      const chatPath = new URL(client.page.url()).pathname;
      const clientLog = client.page.getByRole('log', { name: `Messages with ${BUSINESS_NAME}` });

      // 1. The request: a service from the business's list, what, when, where, a budget.
      await client.page.getByRole('button', { name: 'Request a quote' }).click();
      const request = client.page.getByRole('dialog', {
        name: `Request a quote from ${BUSINESS_NAME}`,
      });
      await request.waitFor();
      await request.getByRole('combobox', { name: 'Service' }).click();
      await client.page.getByRole('option', { name: /^Bridal styling/ }).click();
      await request
        .getByLabel(/^What do you need/)
        .fill('Hair and make-up for the bride and 3 others.');
      await request.getByLabel(/^From/).fill('2030-06-01');
      await request.getByLabel(/^Where/).fill('Porto');
      await request.getByLabel(/^Budget/).fill('450');
      await client.settle();
      await shoot(findings, client, 'request-en');
      await request.getByRole('button', { name: 'Send' }).click();
      await request.waitFor({ state: 'hidden', timeout: 10_000 });
      const asked = card(clientLog, 'Quote request');
      await asked.getByText('Hair and make-up for the bride and 3 others.').waitFor();

      // 2. The business answers the request's card with an offer.
      await business.goto(chatPath);
      const businessLog = business.page.getByRole('log', { name: `Messages with ${BUYER_NAME}` });
      const received = card(businessLog, 'Quote request');
      await received.getByText('Bridal styling', { exact: true }).waitFor({ timeout: 10_000 });
      await received.getByRole('button', { name: 'Make an offer' }).click();
      const offer = business.page.getByRole('dialog', { name: `Make ${BUYER_NAME} an offer` });
      await offer.waitFor();
      await offer.getByLabel(/^Title/).fill(title);
      await offer.getByLabel(/^Price, total with VAT/).fill('480');
      await offer.getByLabel(/^What is included/).fill('Trial, hair and make-up on the day for 4.');
      await offer.getByLabel(/^From/).fill('2030-06-01');
      await offer.getByRole('button', { name: 'Send' }).click();
      await offer.waitFor({ state: 'hidden', timeout: 10_000 });

      // 3. The offer reaches the client as a card. A price the client types is never read into
      // the deal: it is proposed under the composer as a counter to review, and nothing moves.
      const offered = card(clientLog, 'Offer');
      await offered.getByText('€480.00').waitFor({ timeout: 10_000 });
      await offered.getByRole('button', { name: 'Counter' }).waitFor({ timeout: 10_000 });
      const composer = client.page.getByRole('textbox', { name: 'Message' });
      await composer.fill("I'll pay 420");
      await composer.press('Enter');
      const proposed = client.page.getByRole('region', {
        name: 'Send €420.00 as a counter-offer?',
      });
      await proposed.waitFor({ timeout: 10_000 });
      await client.settle();
      await shoot(findings, client, 'typed-price-en');
      await proposed.getByRole('button', { name: 'Review counter-offer' }).click();
      const reviewed = client.page.getByRole('dialog', { name: 'Counter the offer' });
      await reviewed.waitFor();
      expect(
        (await reviewed.getByLabel(/^Price, total with VAT/).inputValue()) === '420' &&
          (await reviewed.getByLabel(/^Title/).inputValue()) === title,
        'the typed price is proposed with the terms that stand',
      );
      await reviewed.getByRole('button', { name: 'Close' }).click();
      await reviewed.waitFor({ state: 'hidden', timeout: 10_000 });
      expect((await proposed.count()) === 0, 'the proposal goes once reviewed');
      expect(
        (await clientLog.getByRole('article', { name: 'Counter-offer', exact: true }).count()) ===
          0,
        'nothing moved on the deal from the typed words',
      );

      // The client counters from the offer's card.
      await offered.getByRole('button', { name: 'Counter' }).click();
      const counter = client.page.getByRole('dialog', { name: 'Counter the offer' });
      await counter.waitFor();
      expect(
        (await counter.getByLabel(/^Price, total with VAT/).inputValue()) === '480',
        'a counter starts from the terms that stand',
      );
      await counter.getByLabel(/^Price, total with VAT/).fill('420');
      await counter.getByRole('button', { name: 'Send' }).click();
      await counter.waitFor({ state: 'hidden', timeout: 10_000 });
      await card(clientLog, 'Counter-offer').getByText('€420.00').waitFor({ timeout: 10_000 });
      await offered.getByText('A newer version replaced this one.').waitFor();

      // 4. The business accepts the counter.
      const countered = card(businessLog, 'Counter-offer');
      await countered.getByText('€420.00').waitFor({ timeout: 10_000 });
      await countered.getByRole('button', { name: 'Accept' }).click();
      await card(businessLog, 'Offer accepted').waitFor({ timeout: 10_000 });
      await card(clientLog, 'Offer accepted').getByText(title).waitFor({ timeout: 10_000 });
      await client.page
        .getByRole('status')
        .filter({ hasText: `${BUSINESS_NAME}: Offer accepted` })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'chat-client-en');
      await shoot(findings, business, 'chat-business-en');

      // 5. The deal is on both sides under /deals, reached from the navigation.
      await client.goto('/deals');
      await client.page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
      const clientDeal = dealOn(client, title);
      await clientDeal.waitFor({ timeout: 10_000 });
      for (const text of [BUSINESS_NAME, BUYER_NAME, '€420.00', '1 Jun 2030']) {
        await clientDeal.getByText(text, { exact: true }).waitFor();
      }
      await shoot(findings, client, 'upcoming-client-en');

      await business.page
        .getByRole('navigation', { name: 'Workspace' })
        .getByRole('link', { name: 'Deals' })
        .click();
      await business.page.waitForURL(/\/deals$/);
      const businessDeal = dealOn(business, title);
      await businessDeal.waitFor({ timeout: 10_000 });
      await shoot(findings, business, 'upcoming-business-en');

      // 6. The business marks it delivered; the client confirms it.
      await businessDeal.getByRole('button', { name: 'Mark delivered' }).click();
      await businessDeal.waitFor({ state: 'detached', timeout: 10_000 });
      await business.page.getByRole('tab', { name: 'Delivered' }).click();
      await dealOn(business, title).waitFor({ timeout: 10_000 });

      await client.page.getByRole('tab', { name: 'Delivered' }).click();
      const delivered = dealOn(client, title);
      await delivered.waitFor({ timeout: 10_000 });
      await delivered.getByText(/The client confirms, or reports a problem, by/).waitFor();
      await shoot(findings, client, 'delivered-client-en');
      await delivered.getByRole('button', { name: 'Confirm it is done' }).click();
      await delivered.waitFor({ state: 'detached', timeout: 10_000 });
      await client.page.getByRole('tab', { name: 'Completed' }).click();
      const completed = dealOn(client, title);
      await completed.waitFor({ timeout: 10_000 });

      // Its summary: both people, the price with VAT, not an invoice.
      const summaryHref = await completed
        .getByRole('link', { name: 'Summary (not an invoice)' })
        .getAttribute('href');
      expect(summaryHref, 'a completed deal links its summary');
      await client.goto(summaryHref);
      await client.page.getByText('Not an invoice').first().waitFor();
      for (const text of [BUSINESS_NAME, BUYER_NAME, '€420.00', 'Total, VAT included.']) {
        await client.page.getByText(text, { exact: true }).waitFor();
      }
      await shoot(findings, client, 'summary-en');
      await client.goto('/deals?tab=completed');
      await dealOn(client, title).waitFor({ timeout: 10_000 });

      // 7. Both review. The client's waits, unseen, for the business's; then both show at once.
      const clientWords = 'Calm, on time, and the bride loved it.';
      const businessWords = 'Clear about what they wanted; a pleasure to work with.';
      const clientReview = dealOn(client, title).getByRole('region', { name: 'Review this deal' });
      await clientReview.waitFor({ timeout: 10_000 });
      await chooseStars(clientReview, 5);
      await clientReview.getByLabel(/^Your review/).fill(clientWords);
      await client.settle();
      await shoot(findings, client, 'review-form-client-en');
      await clientReview.getByRole('button', { name: 'Send review' }).click();
      await client.goto('/deals?tab=completed');
      await dealOn(client, title)
        .getByText(/^Waiting for the other side/)
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'review-waiting-client-en');

      await business.goto('/deals?tab=completed');
      const businessReview = dealOn(business, title).getByRole('region', {
        name: 'Review this deal',
      });
      await businessReview.waitFor({ timeout: 10_000 });
      expect(
        (await dealOn(business, title).getByText(clientWords).count()) === 0,
        "the client's review stays unseen until the business writes its own",
      );
      await chooseStars(businessReview, 4);
      await businessReview.getByLabel(/^Your review/).fill(businessWords);
      await businessReview.getByRole('button', { name: 'Send review' }).click();
      const businessSees = dealOn(business, title);
      await businessSees
        .getByRole('article', { name: `Review by ${BUYER_NAME}` })
        .getByText(clientWords)
        .waitFor({ timeout: 10_000 });
      await businessSees
        .getByRole('article', { name: 'Your review' })
        .getByText(businessWords)
        .waitFor();
      await shoot(findings, business, 'reviews-published-business-en');

      await client.goto('/deals?tab=completed');
      const clientSees = dealOn(client, title);
      await clientSees
        .getByRole('article', { name: `Review by ${BUSINESS_NAME}` })
        .getByText(businessWords)
        .waitFor({ timeout: 10_000 });
      await clientSees
        .getByRole('article', { name: 'Your review' })
        .getByText(clientWords)
        .waitFor();
      expect(
        (await clientSees.getByRole('button', { name: /Send review|Edit your review/ }).count()) ===
          0,
        'published reviews no longer change',
      );
      await shoot(findings, client, 'reviews-published-client-en');

      // The rating on the business's card in the directory, and on its profile with the review.
      await client.goto(`/sellers?q=${encodeURIComponent(BUSINESS_NAME)}`);
      const rated = client.page.getByRole('article').filter({
        has: client.page.getByRole('link', { name: BUSINESS_NAME, exact: true }),
      });
      await rated.getByText(/^\d\.\d out of 5 · \d+ reviews?$/).waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'rated-card-en');
      await rated.getByRole('link', { name: BUSINESS_NAME, exact: true }).click();
      const reviewsOnProfile = client.page.getByRole('region', { name: 'Reviews from clients' });
      await reviewsOnProfile.getByText(clientWords).waitFor({ timeout: 10_000 });
      const profilePath = new URL(client.page.url()).pathname;
      expect(
        (await reviewsOnProfile.getByText(businessWords).count()) === 0,
        "a profile lists its clients' reviews only",
      );
      await shoot(findings, client, 'rated-profile-en');
      await client.goto('/deals?tab=completed');
      await dealOn(client, title).waitFor({ timeout: 10_000 });

      // 8. In Portuguese: /deals with the reviews, the profile and the chat.
      await switchLanguage(client, 'Português (PT)');
      await client.page.getByRole('tab', { name: 'Concluídos', selected: true }).waitFor();
      await dealOn(client, title)
        .getByText(/420,00/)
        .first()
        .waitFor();
      await dealOn(client, title)
        .getByRole('article', { name: 'A sua avaliação' })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'completed-client-pt');
      await client.goto(`/sellers?q=${encodeURIComponent(BUSINESS_NAME)}`);
      await client.page
        .getByRole('article')
        .filter({ has: client.page.getByRole('link', { name: BUSINESS_NAME, exact: true }) })
        .getByText(/de 5 · \d+ avaliaç/)
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'rated-card-pt');
      await client.goto(chatPath);
      const clientLogPt = client.page.getByRole('log', { name: `Mensagens com ${BUSINESS_NAME}` });
      await card(clientLogPt, 'Proposta aceita').waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'chat-client-pt');
      await switchLanguage(business, 'Português (PT)');
      await business.page.getByRole('tab', { name: 'Concluídos', selected: true }).waitFor();
      await dealOn(business, title)
        .getByRole('article', { name: 'A sua avaliação' })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, business, 'reviews-published-business-pt');

      // 9. Another client reports the client's review from the business's profile.
      const reporter = findings.track('reporter', await newPage());
      await signIn(reporter, '/buyerauth', REPORTER);
      await reporter.goto(profilePath);
      const reported = reporter.page
        .getByRole('region', { name: 'Reviews from clients' })
        .getByRole('article', { name: BUYER_NAME });
      await reported.getByText(clientWords).waitFor({ timeout: 10_000 });
      await reported.getByRole('button', { name: `Report the review by ${BUYER_NAME}` }).click();
      const reportDialog = reporter.page.getByRole('dialog', {
        name: `Report the review by ${BUYER_NAME}`,
      });
      await reportDialog
        .getByRole('radio', { name: 'A review offered for something in exchange' })
        .check();
      await reportDialog
        .getByRole('textbox', { name: /Details/ })
        .fill('The salon offered a free session for five stars.');
      await shoot(findings, reporter, 'review-report-en');
      await reportDialog.getByRole('button', { name: 'Send report' }).click();
      const receipt = reportDialog.getByRole('status');
      await receipt.waitFor({ timeout: 10_000 });
      const reportId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
        (await receipt.textContent()) ?? '',
      )?.[0];
      expect(reportId, 'the acknowledgment names the report');
      await shoot(findings, reporter, 'review-report-sent-en');
      await reportDialog.getByRole('button', { name: 'Close' }).click();

      // 10. An operator sees the review as it was reported, and takes it down.
      const operator = findings.track(
        'operator',
        await newPage({ allow: CONSOLE_SIGNED_OUT_ALLOWED }),
      );
      await signInOperatorByApi(operator.page.request);
      await operator.goto(`/admin/reports/${reportId}`);
      const desk = operator.page;
      await desk
        .getByRole('heading', { level: 1, name: `Report about ${BUYER_NAME}` })
        .waitFor({ timeout: 10_000 });
      await desk.getByRole('heading', { name: 'The review' }).waitFor();
      await desk.getByText('Reported: the client’s review').waitFor();
      await desk.getByText(clientWords).waitFor();
      await desk.getByText(`By ${BUYER_NAME}, about ${BUSINESS_NAME}`).waitFor();
      await shoot(findings, operator, 'review-report-console-en');
      await desk
        .getByRole('banner')
        .getByRole('button', { name: /\(PT\)$/ })
        .click();
      await desk.getByText('Denunciada: a avaliação do cliente').waitFor();
      await shoot(findings, operator, 'review-report-console-pt');
      await desk
        .getByRole('banner')
        .getByRole('button', { name: /\(EN\)$/ })
        .click();
      await desk.getByRole('combobox', { name: 'Decision' }).click();
      await desk.getByRole('option', { name: 'Take the review down' }).click();
      await desk
        .getByRole('textbox', { name: /The rule or law applied/ })
        .fill('Terms 6.3: no reviews in exchange for something');
      await desk
        .getByRole('textbox', { name: /The facts/ })
        .fill('The review was written for a free session.');
      await desk.getByRole('button', { name: 'Decide', exact: true }).click();
      await desk
        .getByRole('status')
        .filter({ hasText: 'Decided: Take the review down.' })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, operator, 'review-taken-down-console-en');

      // 11. The profile no longer shows it; its author sees it taken down after a report.
      await reporter.goto(profilePath);
      await reporter.page
        .getByRole('heading', { level: 1, name: BUSINESS_NAME })
        .waitFor({ timeout: 10_000 });
      await reporter.settle();
      expect(
        (await reporter.page.getByText(clientWords).count()) === 0,
        'a review taken down is gone from the profile',
      );
      await shoot(findings, reporter, 'review-gone-profile-en');

      await client.goto('/deals?tab=completed');
      const takenDown = dealOn(client, title).getByRole('article', { name: 'A sua avaliação' });
      await takenDown.getByText('Removida após uma denúncia.').waitFor({ timeout: 10_000 });
      await takenDown.getByText(clientWords).waitFor();
      await shoot(findings, client, 'review-taken-down-client-pt');
      await switchLanguage(client, 'English (EN)');
      const takenDownEn = dealOn(client, title).getByRole('article', { name: 'Your review' });
      await takenDownEn.getByText('Taken down after a report.').waitFor({ timeout: 10_000 });
      expect(
        (await takenDownEn
          .getByRole('link', { name: 'See the decision and how to appeal' })
          .getAttribute('href')) === '/account#decisions',
        'the note links its author to their decisions',
      );
      await shoot(findings, client, 'review-taken-down-client-en');
    });
  },
  { timeoutMs: 720_000 },
);
