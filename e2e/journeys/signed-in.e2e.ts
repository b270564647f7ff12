/**
 * What a signed-in person does: a client signs in, finds a business, chats with it, and the
 * business answers in real time; a new business signs up with a map point and a photo. Every
 * signed-in screen passes axe at three widths and is photographed.
 */
import sharp from 'sharp';
import { expect, journey, type PageSession } from '../helpers/index.js';
import { checkEveryWidth, holdScripts, resetLinkFromOutbox } from './support.js';

const DEMO_PASSWORD = 'maya-demo-market';
const BUYER = 'ana.silva@demo.mayamarket.example';
const SELLER = 'bright-reach-studio-0@demo.mayamarket.example';

async function signIn(session: PageSession, portal: '/buyerauth' | '/sellerauth', email: string) {
  await session.goto(portal);
  await session.page.getByLabel(/^Email/).fill(email);
  await session.page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await session.page.getByRole('button', { name: 'Sign in' }).click();
  await session.page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await session.settle();
}

journey(
  'signed in: a client finds a business, chats, and the business answers in real time',
  async ({ newPage }) => {
    const buyer = await newPage();
    const seller = await newPage();
    await signIn(buyer, '/buyerauth', BUYER);
    await signIn(seller, '/sellerauth', SELLER);
    const problems: string[] = [];

    await buyer.page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
    problems.push(...(await checkEveryWidth(buyer, 'signed-in-directory')));

    await buyer.page.getByRole('searchbox', { name: 'Search' }).fill('Bright Reach');
    const card = buyer.page
      .getByRole('article')
      .filter({ has: buyer.page.getByRole('link', { name: 'Bright Reach Studio', exact: true }) });
    await card.waitFor({ timeout: 10_000 });
    await card.getByRole('link', { name: 'Bright Reach Studio', exact: true }).click();
    await buyer.page.getByRole('heading', { level: 1, name: 'Bright Reach Studio' }).waitFor();
    await buyer.settle();
    problems.push(...(await checkEveryWidth(buyer, 'signed-in-profile')));

    await buyer.page.getByRole('button', { name: 'Chat Now' }).click();
    await buyer.page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
    const text = `Can you run a launch campaign in May? (${Date.now()})`;
    await buyer.page.getByRole('textbox', { name: 'Message' }).fill(text);
    await buyer.page.keyboard.press('Enter');

    await seller.goto('/inbox');
    await seller.page.getByText(text).first().waitFor({ timeout: 10_000 });
    await seller.page
      .getByRole('button', { name: /Ana Silva/ })
      .first()
      .click();
    await seller.page.getByRole('log').getByText(text).waitFor();
    await seller.page
      .getByRole('textbox', { name: 'Message' })
      .fill('Yes, we can. Let us talk budget.');
    await seller.page.getByRole('button', { name: 'Send' }).click();

    // No reload: the answer arrives over the socket, and the seller's read shows as "Seen".
    await buyer.page
      .getByRole('log')
      .getByText('Yes, we can. Let us talk budget.')
      .waitFor({ timeout: 10_000 });
    await buyer.page.getByText(/Seen/).first().waitFor({ timeout: 10_000 });
    problems.push(...(await checkEveryWidth(buyer, 'signed-in-inbox')));

    await buyer.goto('/account');
    await buyer.page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
    await buyer.settle();
    problems.push(...(await checkEveryWidth(buyer, 'signed-in-account')));

    for (const session of [buyer, seller]) {
      try {
        session.expectNoIssues();
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    expect(problems.length === 0, problems.join('\n'));
  },
  { timeoutMs: 180_000 },
);

journey(
  'signed up: a new business with a map point and a photo lands on its directory',
  async ({ newPage, server }) => {
    const session = await newPage();
    await session.goto('/sellerauth?mode=signup');
    const page = session.page;
    const email = `new-business-${Date.now()}@example.test`;
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('a long business passphrase');
    await page.getByLabel(/^Business name/).fill('Casa Nova');
    await page.getByLabel(/^Sector/).click();
    await page.getByRole('option', { name: 'Hospitality' }).click();
    await page.getByLabel(/^Location address/).fill('Rua Nova 1, Lisbon');
    await page.getByLabel(/^Description/).fill('A new guesthouse by the river.');

    const photo = await sharp({
      create: { width: 120, height: 120, channels: 3, background: '#00695c' },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'front-door.png', mimeType: 'image/png', buffer: photo });
    await page.getByText(/^Uploaded/).waitFor({ timeout: 10_000 });

    // Clicking the map sets the coordinates.
    await page.getByRole('region', { name: /^Map/ }).click({ position: { x: 200, y: 120 } });
    expect(
      (await page.getByLabel('Latitude').inputValue()) !== '',
      'clicking the map did not set the latitude',
    );

    await page.getByRole('button', { name: 'Create account' }).click();
    // The answer is the same for any email; the mailed link confirms it and signs in.
    await page.getByRole('heading', { level: 2, name: 'Check your inbox' }).waitFor();
    const link = await resetLinkFromOutbox(server.dataDir, email, { page: '/confirm-email' });
    await session.goto(link.path);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Buyers' }).waitFor();
    const avatar = page.locator('header img').first();
    expect(
      (await avatar.getAttribute('src'))?.startsWith('/uploads/avatar/') ?? false,
      'the new avatar is not in the top bar',
    );
    session.expectNoIssues();
  },
);

journey(
  "signed in: a chat and the directory arrive drawn with the person's data, in English and Portuguese, and the app takes them over as they are",
  async ({ newPage }) => {
    const buyer = await newPage();
    await signIn(buyer, '/buyerauth', BUYER);
    const { page } = buyer;
    // A chat with a message in it, over the API as the signed-in browser.
    const sellers = (await (
      await page.request.get('/api/v1/users?role=seller&q=Bright%20Reach')
    ).json()) as {
      items: { id: string; fullName: string }[];
    };
    const partner = sellers.items.find((item) => item.fullName === 'Bright Reach Studio');
    expect(partner, 'the demo business is not in the directory');
    const headers = { 'x-requested-with': 'fetch' };
    const opened = (await (
      await page.request.post('/api/v1/chats', { data: { partnerId: partner.id }, headers })
    ).json()) as { chat: { id: string } };
    const text = `Is the studio free on Saturday? (${Date.now()})`;
    const sent = await page.request.post(`/api/v1/chats/${opened.chat.id}/messages`, {
      data: { body: text, clientId: crypto.randomUUID() },
      headers,
    });
    expect(sent.ok(), `sending the message answered ${sent.status()}`);

    // The scripts are held back: what shows is the server's HTML alone.
    const release = await holdScripts(page);
    await page.goto(`/inbox/${opened.chat.id}`, { waitUntil: 'commit' });
    await page.getByRole('log').getByText(text).waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { level: 2, name: 'Bright Reach Studio' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.dataset.ready === undefined),
      'the app was already live: the chat was not looked at before its scripts ran',
    );
    release();
    await buyer.settle();
    // Hydrated without a mismatch (React reports one as a console error), and live: a reply.
    await page.getByRole('textbox', { name: 'Message' }).fill('And Sunday?');
    await page.keyboard.press('Enter');
    await page.getByRole('log').getByText('And Sunday?').waitFor({ timeout: 10_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // In Portuguese, the directory of a search arrives drawn in Portuguese.
    await page.getByRole('button', { name: 'Português (PT)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Conversas' }).waitFor();
    const hold = await holdScripts(page);
    await page.goto('/sellers?q=Bright%20Reach', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Empresas' }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Bright Reach Studio', exact: true }).first().waitFor();
    expect(
      (await page.locator('html').getAttribute('lang')) === 'pt-BR',
      'the drawn page does not say it is Portuguese',
    );
    hold();
    await buyer.settle();
    await page.getByRole('heading', { level: 1, name: 'Empresas' }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'English (EN)' }).click();
    buyer.expectNoIssues();
  },
  { timeoutMs: 120_000 },
);
