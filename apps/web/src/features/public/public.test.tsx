import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi, urlOf } from '../../test/render-app';
import { sellerProfile } from '../../test/fixtures';

describe('landing page', () => {
  it('links each trusted seller to its profile and answers five questions under #faq', async () => {
    stubApi(null, { '/api/v1/users/featured': { items: [sellerProfile] } });
    renderApp('/');
    const trusted = await screen.findByRole('region', { name: 'Trusted sellers' });
    const links = within(trusted).getAllByRole('link', { name: /Bright Reach Studio/ });
    expect(links[0]!.getAttribute('href')).toBe(`/sellers/${sellerProfile.id}`);

    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(faq.id).toBe('faq');
    expect(within(faq).getAllByRole('button')).toHaveLength(5);
    expect(within(faq).getByText(/argon2id/)).toBeTruthy();
    expect(screen.getByText('OR')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask Maya how it can help!' })).toBeTruthy();
  });

  it('leaves the trusted sellers out when they cannot be loaded', async () => {
    const fetchMock = stubApi(null);
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      urlOf(input).includes('/users/featured')
        ? new Response('{}', { status: 500 })
        : new Response(JSON.stringify({ user: null }), { status: 200 }),
    );
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Maya Market' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => urlOf(url).includes('/users/featured'))).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('region', { name: 'Trusted sellers' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Frequently asked questions' })).toBeTruthy();
  });
});

describe('legal pages', () => {
  it.each([
    ['/privacy', 'Privacy Policy', 'privacy'],
    ['/terms', 'Terms of Service', 'terms'],
  ])('%s shows its text under a titled h1', async (path, heading, anchor) => {
    stubApi(null);
    renderApp(path);
    const title = await screen.findByRole('heading', { level: 1, name: heading });
    if (anchor) expect(title.closest('article')?.id).toBe(anchor);
    await waitFor(() => expect(document.title).toContain(heading));
  });

  it('states the product’s real protections in the privacy policy', async () => {
    stubApi(null);
    renderApp('/privacy');
    const article = await screen.findByRole('article');
    for (const claim of [
      /argon2id/,
      /httpOnly/,
      /Download my data/,
      /Delete my account/,
      /runs on our server/,
      /street, number and postcode a client typed are shown to nobody but the client/,
      /read messages only in reported conversations, in that evidence, and never by browsing/,
      /privacy@mayamarket\.example/,
    ]) {
      expect(within(article).getAllByText(claim).length).toBeGreaterThan(0);
    }
  });

  it('gives the terms a moderation section its mails link to', async () => {
    stubApi(null);
    renderApp('/terms');
    const section = await screen.findByRole('region', { name: 'Moderation, reports and notices' });
    expect(section.id).toBe('moderation');
    expect(
      within(section).getByText(/no restriction is ever decided by automated means/),
    ).toBeTruthy();
  });
});
