import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, seller, stubApi } from '../test/render-app';

describe('route tables', () => {
  it('shows a signed-out visitor the landing page at / with both portals, crossed labels fixed', async () => {
    stubApi(null);
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Maya Market' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join as a Business' }).getAttribute('href')).toBe(
      '/sellerauth',
    );
    expect(screen.getByRole('link', { name: 'Join as a Client' }).getAttribute('href')).toBe(
      '/buyerauth',
    );
    expect(screen.getByRole('link', { name: 'Login to Client' }).getAttribute('href')).toBe(
      '/buyerauth',
    );
    expect(screen.getByRole('link', { name: 'Login to Business' }).getAttribute('href')).toBe(
      '/sellerauth',
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('falls back to the landing page for a signed-in route or an unknown one when signed out', async () => {
    stubApi(null);
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { name: 'Welcome to Maya Market' })).toBeTruthy();
  });

  it('falls back to the landing page for an unknown route', async () => {
    stubApi(null);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Welcome to Maya Market' })).toBeTruthy();
  });

  it('opens the Business Portal at /sellerauth with its three modes', async () => {
    stubApi(null);
    renderApp('/sellerauth');
    expect(await screen.findByRole('heading', { name: 'Business Portal' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByLabelText(/^Sector/)).toBeTruthy();
  });
});

describe('signed-in shell', () => {
  // A wide screen, where the side drawer is permanent.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    }));
  });

  it('gives a buyer the Sellers entry and the dashboard at /', async () => {
    stubApi(buyer, { '/api/v1/users': { items: [], nextCursor: null } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sellers' })).toBeTruthy();
    // The side drawer is a lazy chunk.
    expect((await screen.findAllByRole('link', { name: 'Sellers' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Buyers' })).toBeNull();
  });

  it('gives a seller the Buyers entry and remembers the chosen entry', async () => {
    stubApi(seller, {
      '/api/v1/users': { items: [], nextCursor: null },
      '/api/v1/chats': { items: [], nextCursor: null },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyers' })).toBeTruthy();
    const chats = (await screen.findAllByRole('link', { name: 'Chats' }))[0]!;
    fireEvent.click(chats);
    await waitFor(() => expect(localStorage.getItem('navBtn')).toBe('Chats'));
    expect(await screen.findByText('No chat history available.')).toBeTruthy();
  });
});

describe('mobile menu', () => {
  it('opens with an overlay that closes it on click, with Logout only when signed in', async () => {
    stubApi(null);
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome to Maya Market' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    expect(within(menu).getByRole('link', { name: 'Login to Client' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Logout' })).toBeNull();
    fireEvent.click(screen.getByTestId('menu-overlay'));
    await waitFor(() => expect(document.getElementById('mobile-menu')).toBeNull());
  });
});
