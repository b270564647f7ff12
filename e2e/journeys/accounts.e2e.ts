/**
 * The life of an account: a business signs up with a photo and a map point, signs out and back
 * in; a client signs up, forgets the password and resets it from the mailed link, then signs in
 * with a mailed sign-in link; a client changes name, email and password, downloads the data and
 * deletes the account, after which signing in fails; a client who signs in at the Business
 * Portal is told it is a client account. Every screen passes axe at 360/768/1280 px and is photographed (accounts-*.png).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SIGNED_OUT_ALLOWED, expect, journey, type PageSession } from '../helpers/index.js';
import {
  BUYER,
  Findings,
  expectToast,
  fillSignIn,
  pngFile,
  resetLinkFromOutbox,
  signIn,
  signOut,
} from './support.js';

/**
 * After "Create account": the "Check your inbox" screen naming the address (photographed at every
 * width when `findings` is given), then the link mailed to it (read from the server's outbox),
 * whose page's Confirm signs the new account in and opens the dashboard.
 */
async function confirmSignUp(
  session: PageSession,
  findings: Findings | undefined,
  dataDir: string,
  email: string,
) {
  const page = session.page;
  await page.getByRole('heading', { level: 2, name: 'Check your inbox' }).waitFor();
  await page.getByText(`We sent a message to ${email}`).waitFor();
  expect(
    new URL(page.url()).pathname !== '/',
    'the sign-up signed in before the mailed link was followed',
  );
  await session.settle();
  if (findings) await findings.screen(session, 'check-inbox');
  const link = await resetLinkFromOutbox(dataDir, email, { page: '/confirm-email' });
  await session.goto(link.path);
  await page.getByRole('button', { name: 'Confirm', exact: true }).waitFor();
  await session.settle();
  if (findings) await findings.screen(session, 'confirm-sign-up');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

/** Signing in with a wrong password is answered 401 by design. */
const WRONG_PASSWORD_ALLOWED = [...SIGNED_OUT_ALLOWED, { path: '/api/v1/auth/login', status: 401 }];

async function expectWrongCredentials(session: PageSession, email: string, password: string) {
  await fillSignIn(session.page, email, password);
  await session.page
    .getByRole('alert')
    .filter({ hasText: 'Wrong Credentials' })
    .waitFor({ timeout: 10_000 });
  expect(
    new URL(session.page.url()).pathname !== '/',
    `signing in as ${email} with a wrong password left the sign-in page`,
  );
}

journey(
  'accounts: a business signs up with a photo and a map point, signs out and back in',
  async ({ newPage, server }) => {
    const findings = new Findings('accounts-business');
    await findings.run(async () => {
      const session = findings.track('business', await newPage());
      const page = session.page;
      const email = `business-${Date.now()}@example.test`;
      const password = 'a long business passphrase';

      await session.goto('/sellerauth?mode=signup');
      await page.getByRole('heading', { level: 2, name: 'Create account' }).waitFor();
      await session.settle();
      await findings.screen(session, 'signup');

      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Password/).fill(password);
      // A trade the other journeys never ask about, so the businesses they expect to find (or
      // not to find) in Lisbon are the demo's whichever journey runs first.
      await page.getByLabel(/^Business name/).fill('Serralharia Do Rio');
      await page.getByLabel(/^Sector/).click();
      await page.getByRole('option', { name: 'Construction' }).click();
      await page.getByLabel(/^Location address/).fill('Rua do Rio 5, Lisbon');
      await page
        .getByLabel(/^Description/)
        .fill('Gates, railings and locks made by the river, call-outs welcome.');

      await page
        .locator('input[type=file]')
        .setInputFiles(await pngFile('shopfront.png', '#ad1457', 200, 200));
      await page.getByText(/^Uploaded/).waitFor({ timeout: 10_000 });

      // Finding the town by name sets the coordinates (the gazetteer's Lisbon)…
      const town = page.getByRole('combobox', { name: 'Find your town or city' });
      await town.pressSequentially('lisb', { delay: 40 });
      await page.getByRole('option', { name: /^Lisbon\s*Portugal/ }).click();
      expect(
        (await page.getByLabel('Latitude').inputValue()) === '38.716670',
        'choosing Lisbon in the town search did not set its latitude',
      );
      // …and so does clicking the map.
      await page.getByRole('region', { name: /^Map/ }).click({ position: { x: 200, y: 120 } });
      const latitude = await page.getByLabel('Latitude').inputValue();
      const longitude = await page.getByLabel('Longitude').inputValue();
      expect(latitude !== '' && longitude !== '', 'clicking the map did not set the coordinates');
      // The filled form, photo and pin included.
      await findings.screen(session, 'signup-filled');

      await page.getByRole('button', { name: 'Create account' }).click();
      await confirmSignUp(session, findings, server.dataDir, email);
      await page.getByRole('heading', { level: 1, name: 'Buyers' }).waitFor();
      await session.settle();
      const avatar = page.locator('header img').first();
      expect(
        (await avatar.getAttribute('src'))?.startsWith('/uploads/avatar/') ?? false,
        'the new photo is not in the top bar after signing up',
      );
      await findings.screen(session, 'directory');

      // The map point was stored: the account page shows the same coordinates.
      await session.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
      await session.settle();
      const location = page.getByRole('region', { name: 'Choose location' });
      const storedLatitude = await location.getByLabel('Latitude').inputValue();
      expect(
        Math.abs(Number(storedLatitude) - Number(latitude)) < 1e-5,
        `the account page shows latitude ${storedLatitude}, the sign-up map set ${latitude}`,
      );

      await signOut(session);
      await page.getByRole('banner').getByRole('link', { name: 'Login to Business' }).waitFor();

      await signIn(session, '/sellerauth', email, password);
      await page.getByRole('heading', { level: 1, name: 'Buyers' }).waitFor();
    });
  },
);

/**
 * A client account made through the portal's own "Sign up" link and the link it is mailed;
 * lands on the directory.
 */
async function signUpClient(
  session: PageSession,
  findings: Findings | undefined,
  dataDir: string,
  account: { email: string; password: string; firstName: string; lastName: string },
  /** Left unfollowed, the account stays unconfirmed and the visitor signed out. */
  followLink = true,
) {
  const page = session.page;
  await session.goto('/buyerauth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/[?&]mode=signup/);
  await page.getByRole('heading', { level: 2, name: 'Create account' }).waitFor();
  await session.settle();
  if (findings) await findings.screen(session, 'signup');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/^First name/).fill(account.firstName);
  await page.getByLabel(/^Last name/).fill(account.lastName);
  await page.getByRole('button', { name: 'Create account' }).click();
  if (!followLink) {
    await page.getByRole('heading', { level: 2, name: 'Check your inbox' }).waitFor();
    return;
  }
  await confirmSignUp(session, findings, dataDir, account.email);
  await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
  await session.settle();
}

journey(
  'accounts: a client signs up, resets a forgotten password from the mailed link, then signs in with a mailed link',
  async ({ newPage, server }) => {
    const findings = new Findings('accounts-reset');
    await findings.run(async () => {
      const session = findings.track('client', await newPage({ allow: WRONG_PASSWORD_ALLOWED }));
      const page = session.page;
      const email = `client-reset-${Date.now()}@example.test`;
      const firstPassword = 'a long client passphrase';
      const resetPassword = 'reset by mail passphrase';

      await signUpClient(session, findings, server.dataDir, {
        email,
        password: firstPassword,
        firstName: 'Marta',
        lastName: 'Quinta',
      });
      await signOut(session);

      // Forgot password → mail → link → new password → sign in with it.
      await session.goto('/buyerauth');
      await page.getByRole('button', { name: 'Forgot password' }).click();
      await page.waitForURL(/[?&]mode=forgot/);
      await page.getByRole('button', { name: 'Send Message' }).waitFor();
      await session.settle();
      await findings.screen(session, 'forgot');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText(/If an account exists for that email/).waitFor({ timeout: 10_000 });
      await findings.screen(session, 'forgot-sent');

      const mail = await resetLinkFromOutbox(server.dataDir, email);
      await session.goto(mail.path);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await session.settle();
      await findings.screen(session, 'reset-password');
      await page.getByLabel('New password', { exact: true }).fill(resetPassword);
      await page.getByLabel('Confirm new password', { exact: true }).fill(resetPassword);
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText(/Your password has been changed/).waitFor({ timeout: 15_000 });
      await findings.screen(session, 'reset-done');

      // The old password is gone, the new one signs in.
      await page.getByRole('link', { name: 'Client sign-in' }).click();
      await page.waitForURL((url) => url.pathname === '/buyerauth');
      await expectWrongCredentials(session, email, firstPassword);
      await findings.screen(session, 'wrong-credentials');
      await fillSignIn(page, email, resetPassword);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
      await session.settle();

      // No password at all: a mailed sign-in link, asked for from the sign-in form.
      await signOut(session);
      await session.goto('/buyerauth');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.waitForURL(/[?&]mode=link/);
      await session.settle();
      await findings.screen(session, 'sign-in-link-request');
      const earlier = new Set(await readdir(join(server.dataDir, 'outbox')));
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByText(/we have sent a link to sign in/).waitFor({ timeout: 10_000 });
      await findings.screen(session, 'sign-in-link-sent');

      const linkMail = await resetLinkFromOutbox(server.dataDir, email, {
        notIn: earlier,
        page: '/sign-in-link',
      });
      await session.goto(linkMail.path);
      await page.getByRole('heading', { level: 1, name: 'Sign in with your link' }).waitFor();
      await session.settle();
      await findings.screen(session, 'sign-in-link');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
      await session.settle();
    });
  },
);

journey(
  'accounts: a client confirms the email from the mailed link, changes name, email and password, downloads the data and deletes the account',
  async ({ newPage, server }) => {
    const findings = new Findings('accounts-client');
    await findings.run(async () => {
      const session = findings.track('client', await newPage({ allow: WRONG_PASSWORD_ALLOWED }));
      const page = session.page;
      const stamp = Date.now();
      const password = 'a long client passphrase';
      const newEmail = `client-renamed-${stamp}@example.test`;
      const newPassword = 'changed on the account page';
      const email = `client-${stamp}@example.test`;
      await signUpClient(
        session,
        undefined,
        server.dataDir,
        { email, password, firstName: 'Tiago', lastName: 'Ramos' },
        false,
      );

      // Its password signs in before the mailed link is followed, with a banner until it is.
      await signIn(session, '/buyerauth', email, password);
      const banner = page.getByRole('region', { name: 'Confirm your email address' });
      await banner.waitFor();
      await session.settle();
      await findings.screen(session, 'email-banner');
      const signUpLink = await resetLinkFromOutbox(server.dataDir, email, {
        page: '/confirm-email',
      });
      await session.goto(signUpLink.path);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(
        (await banner.count()) === 0,
        'the confirmation banner is still shown after the email was confirmed',
      );

      // Name, email and password on the account page.
      await session.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
      await session.settle();
      await findings.screen(session, 'account');

      // The page's styles are the ones the server drew, adopted where they are as it came alive:
      // no global stylesheet of emotion's, no keyframes per text field, every field still
      // detecting autofill, and the page's background from index.html's global styles.
      const styles = await page.evaluate(() => ({
        pageStyles: document.querySelectorAll('head > style[data-page-styles]').length,
        globals: document.querySelectorAll('style[data-emotion^="css-global"]').length,
        fields: document.querySelectorAll('.MuiInputBase-input').length,
        detecting: Array.from(document.querySelectorAll('.MuiInputBase-input')).filter(
          (field) => getComputedStyle(field).animationName === 'mui-auto-fill-cancel',
        ).length,
        background: getComputedStyle(document.body).backgroundColor,
      }));
      expect(
        styles.pageStyles === 1 &&
          styles.globals === 0 &&
          styles.fields > 5 &&
          styles.detecting === styles.fields &&
          styles.background === 'rgb(247, 247, 251)',
        `the account page's styles after it came alive: ${JSON.stringify(styles)}`,
      );

      const personal = page.getByRole('region', { name: 'Personal Information' });
      await personal.getByLabel('First name').fill('Mariana');
      await personal.getByLabel('Last name').fill('Quintela');
      await personal.getByRole('button', { name: 'Update Name' }).click();
      await expectToast(page, 'User Updated');

      const emailSection = page.getByRole('region', { name: 'Email', exact: true });
      await emailSection.getByLabel('New email').fill(newEmail);
      await emailSection.getByLabel('Confirm email').fill(newEmail);
      await emailSection.getByLabel('Current password').fill(password);
      await emailSection.getByRole('button', { name: 'Update Email' }).click();
      // Pending until the link mailed to the new address is followed.
      await expectToast(page, `Check ${newEmail}`);
      const changeLink = await resetLinkFromOutbox(server.dataDir, newEmail, {
        page: '/confirm-email',
      });
      await session.goto(changeLink.path);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.getByText(`${newEmail} is confirmed`).waitFor();
      await session.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
      const shownEmail = await emailSection.getByLabel('Email', { exact: true }).inputValue();
      expect(
        shownEmail === newEmail,
        `after following the link the account page shows ${shownEmail}, expected ${newEmail}`,
      );

      const passwordSection = page.getByRole('region', { name: 'Password', exact: true });
      await passwordSection.getByLabel('Current password').fill(password);
      await passwordSection.getByLabel('New password', { exact: true }).fill(newPassword);
      await passwordSection.getByLabel('Confirm new password').fill(newPassword);
      await passwordSection.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password Updated');
      // The page after the three changes, toasts showing.
      await findings.screen(session, 'account-updated');

      // The new email and password sign in; the new name was kept.
      await signOut(session);
      await signIn(session, '/buyerauth', newEmail, newPassword);
      await session.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
      await session.settle();
      const firstName = await page
        .getByRole('region', { name: 'Personal Information' })
        .getByLabel('First name')
        .inputValue();
      expect(firstName === 'Mariana', `after signing in again the first name is "${firstName}"`);

      // Download my data: the link, and the file it serves to this session.
      const data = page.getByRole('region', { name: 'Your data' });
      const href = await data.getByRole('link', { name: 'Download my data' }).getAttribute('href');
      expect(href === '/api/v1/me/export', `"Download my data" links to ${href}`);
      const exported = await page.request.get('/api/v1/me/export');
      expect(exported.status() === 200, `GET /api/v1/me/export answered ${exported.status()}`);
      expect(
        /attachment/.test(exported.headers()['content-disposition'] ?? ''),
        'the export is not served as an attachment',
      );
      const body = (await exported.json()) as { account?: { email?: string; firstName?: string } };
      expect(
        body.account?.email === newEmail && body.account.firstName === 'Mariana',
        `the export's account is ${JSON.stringify(body.account)}, expected ${newEmail} / Mariana`,
      );

      // Delete the account; afterwards its credentials no longer sign in.
      await data.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await findings.screen(session, 'delete-dialog');
      await dialog.getByLabel(/^Password/).fill(newPassword);
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      await expectToast(page, 'Your account has been deleted.');
      await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
      await session.settle();

      await session.goto('/buyerauth');
      await expectWrongCredentials(session, newEmail, newPassword);
    });
  },
);

journey(
  'accounts: a client who signs in at the Business Portal is told it is their client account',
  async ({ newPage }) => {
    const findings = new Findings('accounts-portal');
    await findings.run(async () => {
      const session = findings.track('client', await newPage());
      await signIn(session, '/sellerauth', BUYER);
      await expectToast(session.page, 'You are signed in to your client account');
      await session.page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
      await findings.screen(session, 'client-at-business-portal');
    });
  },
);
