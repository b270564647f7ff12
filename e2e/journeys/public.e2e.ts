/**
 * The public face: a visitor reads the landing page in English, switches to Portuguese (the text
 * changes, <html lang> follows and a reload keeps it), opens the FAQ, follows each join button to
 * its portal, opens pricing (a visitor is led to sign up, never to a payment page), and reads the
 * monetization page, the privacy policy and the terms. Every screen passes axe at
 * 360/768/1280 px (public-*.png).
 */
import { expect, journey } from '../helpers/index.js';
import { Findings } from './support.js';

interface Plan {
  id: string;
  yearlyPaymentUrl: string | null;
}

journey(
  'public: landing in English and Portuguese, FAQ, portals, pricing, legal pages',
  async ({ server, newPage }) => {
    const findings = new Findings('public');
    await findings.run(async () => {
      const visitor = findings.track('visitor', await newPage());
      const page = visitor.page;

      // The landing page in English, with its tab title.
      await visitor.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Welcome to Maya Market' }).waitFor();
      await page.getByRole('region', { name: 'Trusted sellers' }).waitFor();
      await visitor.settle();
      const englishTitle = await page.title();
      expect(englishTitle.startsWith('Maya Market'), `the landing tab is titled "${englishTitle}"`);
      expect(
        (await page.evaluate(() => document.documentElement.lang)) === 'en',
        '<html lang> is not "en" on the English landing page',
      );

      // The FAQ opens.
      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      await faq.getByRole('button', { name: 'How is my data protected?' }).click();
      await faq.getByText(/argon2id/).waitFor();
      await findings.screen(visitor, 'landing-en');

      // Portuguese: the text changes, <html lang> follows, and a reload keeps it.
      await page
        .getByRole('banner')
        .getByRole('group', { name: 'Language' })
        .getByRole('button', { name: 'Português (PT)' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Bem-vindo ao Maya Market' }).waitFor();
      expect(
        (await page.evaluate(() => document.documentElement.lang)) === 'pt-BR',
        '<html lang> is not "pt-BR" after switching to Portuguese',
      );
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { level: 1, name: 'Bem-vindo ao Maya Market' }).waitFor();
      await page.getByRole('link', { name: 'Cadastre-se como Empresa' }).waitFor();
      await page.getByRole('region', { name: 'Perguntas frequentes' }).waitFor();
      await visitor.settle();
      await findings.screen(visitor, 'landing-pt');

      // The mobile menu offers the switch too; back to English there.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await page
        .locator('#mobile-menu')
        .getByRole('group', { name: 'Idioma' })
        .getByRole('button', { name: 'English (EN)' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Welcome to Maya Market' }).waitFor();
      await page.getByTestId('menu-overlay').click({ position: { x: 10, y: 700 } });
      await page.setViewportSize({ width: 1280, height: 800 });

      // Each join button leads to its own portal.
      for (const [button, path, heading] of [
        ['Join as a Business', '/sellerauth', 'Business Portal'],
        ['Join as a Client', '/buyerauth', 'Client Portal'],
      ] as const) {
        await visitor.goto('/');
        await page.getByRole('link', { name: button }).click();
        await page.waitForURL((url) => url.pathname === path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }

      // Pricing, and the payment link the server's configuration gives.
      const plans = (await fetch(`${server.url}/api/v1/plans`).then((r) => r.json())) as {
        plans: Plan[];
      };
      const pro = plans.plans.find((plan) => plan.id === 'pro');
      expect(pro, 'GET /api/v1/plans has no Pro plan');
      await visitor.goto('/pricing');
      await page.getByRole('heading', { level: 2, name: 'Pro' }).waitFor();
      // The prices are in the page as the server sent it; signed out, Pro's button leads to the
      // business sign-up (its payment links are on the account's plan tab, naming the account).
      await page.getByText(/per year/).waitFor();
      const start = page.getByRole('link', { name: 'Get started' }).last();
      const href = await start.getAttribute('href');
      expect(href === '/sellerauth?mode=signup', `Pro's Get started leads to ${href}`);
      expect(
        (await page.getByRole('link', { name: 'Pay Now' }).count()) === 0,
        'a visitor is offered a payment page that names no account',
      );
      await visitor.settle();
      await findings.screen(visitor, 'pricing');

      // Monetization, from the pricing page.
      await page.getByRole('link', { name: 'How we make money' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'How Maya Market makes money' }).waitFor();
      const sources = await page.getByRole('heading', { level: 2 }).allInnerTexts();
      for (const source of ['Subscriptions', 'What Pro adds']) {
        expect(sources.includes(source), `the monetization page lacks "${source}"`);
      }
      await visitor.settle();
      await findings.screen(visitor, 'monetization');

      // The footer links only to the site's own pages (no networks' home pages).
      const footerLinks = await page
        .getByRole('contentinfo')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(
        footerLinks.every((href) => href?.startsWith('/')),
        `the footer links off the site: ${footerLinks.join(', ')}`,
      );

      // The footer's #privacy and #terms anchors lead to the policy and the terms.
      for (const [link, path, heading] of [
        ['Privacy Policy', '/privacy', 'Privacy Policy'],
        ['Terms of Service', '/terms', 'Terms of Service'],
      ] as const) {
        await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
        await page.waitForURL((url) => url.pathname === path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await visitor.settle();
        const title = await page.title();
        expect(title.startsWith(heading), `${path} is titled "${title}"`);
        if (path === '/privacy')
          await page
            .getByText(/argon2id/)
            .first()
            .waitFor();
        await findings.screen(visitor, path.slice(1));
      }

      // The spec's bare anchor on the landing page goes to the policy page too.
      await visitor.goto('/#terms');
      await page.waitForURL((url) => url.pathname === '/terms');
    });
  },
);
