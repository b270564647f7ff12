/**
 * Saved businesses: a client saves one business from its directory card and another from its
 * profile, finds both under /saved (opened from the client's navigation, the latest first) and
 * forgets one there, which leaves the list. The list is photographed at 375 and 1280 px in
 * English and Portuguese (saved-*.png), and every screen passes axe.
 */
import { expect, journey, photograph, type PageSession } from '../helpers/index.js';
import { BUYER, cardNames, Findings, signIn } from './support.js';

/** Demo businesses (db/seed/demo.json) no other journey saves. */
const FROM_CARD = 'Olive Kitchen';
const FROM_PROFILE = 'Copper Bistro';

/** A screen at 375 and 1280 px (saved-<name>-<width>.png), checked with axe. */
const shoot = (findings: Findings, session: PageSession, name: string) =>
  photograph(session, `saved-${name}`, findings.problems);

const cardOf = (session: PageSession, name: string) =>
  session.page.getByRole('article').filter({
    has: session.page.getByRole('link', { name, exact: true }),
  });

journey(
  'saved: a buyer saves a business from a card and one from a profile, finds both under /saved and unsaves one',
  async ({ newPage }) => {
    const findings = new Findings('saved');
    await findings.run(async () => {
      const client = findings.track('client', await newPage());
      await signIn(client, '/buyerauth', BUYER);

      // Nothing of an earlier run stays saved: the list starts empty.
      await client.goto('/saved');
      await client.page.getByRole('heading', { level: 1, name: 'Saved businesses' }).waitFor();
      await client.settle();
      for (const pressed of await client.page
        .getByRole('button', { name: /^Save /, pressed: true })
        .all()) {
        await pressed.click();
      }
      await client.page
        .getByRole('heading', { name: 'Nothing saved yet' })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'empty-en');

      // From a card of the directory.
      await client.goto(`/sellers?q=${encodeURIComponent(FROM_CARD)}`);
      const card = cardOf(client, FROM_CARD);
      await card.waitFor({ timeout: 10_000 });
      const fromCard = card.getByRole('button', { name: `Save ${FROM_CARD}` });
      expect((await fromCard.getAttribute('aria-pressed')) === 'false', 'not saved at first');
      await fromCard.click();
      await card
        .getByRole('button', { name: `Save ${FROM_CARD}`, pressed: true })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'card-en');

      // From a profile.
      await client.goto(`/sellers?q=${encodeURIComponent(FROM_PROFILE)}`);
      await cardOf(client, FROM_PROFILE).waitFor({ timeout: 10_000 });
      await client.page.getByRole('link', { name: FROM_PROFILE, exact: true }).first().click();
      await client.page.waitForURL(/\/sellers\/[0-9a-f-]{36}$/, { timeout: 10_000 });
      await client.page.getByRole('heading', { level: 1, name: FROM_PROFILE }).waitFor();
      const fromProfile = client.page.getByRole('button', { name: `Save ${FROM_PROFILE}` });
      await fromProfile.waitFor({ timeout: 10_000 });
      await fromProfile.click();
      await client.page
        .getByRole('button', { name: `Save ${FROM_PROFILE}`, pressed: true })
        .waitFor({ timeout: 10_000 });
      await shoot(findings, client, 'profile-en');

      // Both under /saved, opened from the client's navigation: the latest saved first.
      await client.page.getByRole('link', { name: 'Saved', exact: true }).first().click();
      await client.page.waitForURL(/\/saved$/, { timeout: 10_000 });
      await cardOf(client, FROM_CARD).waitFor({ timeout: 10_000 });
      await client.settle();
      const listed = await cardNames(client.page);
      expect(
        JSON.stringify(listed) === JSON.stringify([FROM_PROFILE, FROM_CARD]),
        `both saved, the latest first: ${JSON.stringify(listed)}`,
      );
      await shoot(findings, client, 'list-en');

      // In Portuguese.
      await client.page
        .getByRole('banner')
        .getByRole('group')
        .getByRole('button', { name: 'Português (PT)' })
        .click();
      await client.page.getByRole('heading', { level: 1, name: 'Empresas guardadas' }).waitFor();
      await cardOf(client, FROM_CARD)
        .getByRole('button', { name: `Guardar ${FROM_CARD}`, pressed: true })
        .waitFor();
      await shoot(findings, client, 'list-pt');
      await client.page
        .getByRole('banner')
        .getByRole('group')
        .getByRole('button', { name: 'English (EN)' })
        .click();

      // Forgetting one there takes it off the list; the other stays.
      await cardOf(client, FROM_CARD)
        .getByRole('button', { name: `Save ${FROM_CARD}` })
        .click();
      await cardOf(client, FROM_CARD).waitFor({ state: 'detached', timeout: 10_000 });
      await client.settle();
      const left = await cardNames(client.page);
      expect(
        JSON.stringify(left) === JSON.stringify([FROM_PROFILE]),
        `one left: ${JSON.stringify(left)}`,
      );
      await shoot(findings, client, 'after-unsave-en');

      // The directory's card says so too.
      await client.goto(`/sellers?q=${encodeURIComponent(FROM_CARD)}`);
      await cardOf(client, FROM_CARD)
        .getByRole('button', { name: `Save ${FROM_CARD}`, pressed: false })
        .waitFor({ timeout: 10_000 });
    });
  },
);
