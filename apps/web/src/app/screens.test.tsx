import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicProfile } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buyer, renderApp, seller, stubApi, urlOf } from '../test/render-app';

const sellerProfile: PublicProfile = {
  id: '01900000-0000-7000-8000-0000000000a1',
  role: 'seller',
  fullName: 'Bright Reach Studio',
  firstName: 'Bright Reach',
  lastName: 'Studio',
  imageUrl: '/uploads/bright.webp',
  thumbnailUrl: '/uploads/bright-thumb.webp',
  description: 'Kitchen and bathroom renovations with a fixed quote',
  category: 'construction',
  location: { address: 'Rua Augusta 1, Lisbon, Portugal', lat: 38.71, lng: -9.14 },
  email: 'studio@example.test',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const plans = {
  plans: [
    {
      id: 'free',
      name: 'Free',
      currency: 'EUR',
      yearlyPrice: 0,
      monthlyPrice: 0,
      yearlyPaymentUrl: null,
      monthlyPaymentUrl: null,
    },
    {
      id: 'pro',
      name: 'Pro',
      currency: 'EUR',
      yearlyPrice: 147,
      monthlyPrice: 14,
      yearlyPaymentUrl: null,
      monthlyPaymentUrl: null,
    },
  ],
};

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

  it('ends with a footer: year, policies and social links that open a new tab safely', async () => {
    stubApi(null);
    renderApp('/home');
    const footer = await screen.findByRole('contentinfo');
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Maya Market. All rights reserved.`),
    ).toBeTruthy();
    // The spec's #privacy and #terms anchors, on pages of their own.
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy#privacy',
    );
    expect(
      within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
    ).toBe('/terms#terms');
    for (const name of ['Instagram', 'LinkedIn', 'X']) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});

describe('seller profile', () => {
  it('shows the card with image, name, description, location, email and Chat Now', async () => {
    stubApi(buyer, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    renderApp(`/sellers/${sellerProfile.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bright Reach Studio' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Bright Reach Studio' })).toBeTruthy();
    expect(screen.getByText(sellerProfile.description)).toBeTruthy();
    expect(screen.getByText('Rua Augusta 1, Lisbon, Portugal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'studio@example.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat Now' })).toBeTruthy();
  });

  it('says clearly when the profile does not exist', async () => {
    stubApi(null);
    renderApp('/sellers/01900000-0000-7000-8000-00000000dead');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This profile does not exist.' }),
    ).toBeTruthy();
  });
});

describe('dashboard directory', () => {
  it('shows 8 skeleton cards while the directory loads', async () => {
    const fetchMock = stubApi(buyer);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).startsWith('/api/v1/users?')
        ? new Promise<Response>(() => undefined)
        : answer(input, init),
    );
    renderApp('/dashboard');
    const loading = await screen.findByRole('status', { name: 'Loading…' });
    expect(loading.children).toHaveLength(8);
  });

  it('asks for the opposite role and previews descriptions at 25 characters', async () => {
    const fetchMock = stubApi(buyer, {
      '/api/v1/users?': { items: [sellerProfile], nextCursor: null },
    });
    renderApp('/sellers');
    expect(await screen.findByText('Kitchen and bathroom reno…')).toBeTruthy();
    const directoryCall = fetchMock.mock.calls
      .map(([url]) => new URL(urlOf(url), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/users');
    expect(directoryCall?.searchParams.get('role')).toBe('seller');
    expect(directoryCall?.searchParams.get('limit')).toBe('24');
    expect(screen.getByRole('button', { name: 'Chat Now' })).toBeTruthy();
  });

  it('shows a seller the buyers', async () => {
    const fetchMock = stubApi(seller, { '/api/v1/users?': { items: [], nextCursor: null } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Buyers' });
    const directoryCall = fetchMock.mock.calls
      .map(([url]) => new URL(urlOf(url), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/users');
    expect(directoryCall?.searchParams.get('role')).toBe('buyer');
  });
});

describe('account', () => {
  it('shows the two tabs, the user and the current plan', async () => {
    stubApi(buyer, {
      '/api/v1/plans': plans,
      '/api/v1/me/gallery': { gallery: [] },
    });
    renderApp('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Information' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile Details' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Ana');
    expect(screen.getByDisplayValue('ana@example.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Plans and Billing' }));
    expect(await screen.findByText('Your Current Plan: Free')).toBeTruthy();
  });
});

describe('pricing', () => {
  it('offers Free and Pro at 147 a year with a monthly option', async () => {
    stubApi(null, { '/api/v1/plans': plans });
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
    expect(await screen.findByText(/€147 per year/)).toBeTruthy();
    expect(screen.getByText(/per month/)).toBeTruthy();
  });
});
