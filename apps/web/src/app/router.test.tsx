import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('sends a signed-out visitor of a signed-in screen to the one sign-in, with the way back', async () => {
    for (const path of ['/account', '/assistant', '/dashboard?view=map']) {
      stubApi(null);
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/signin');
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(path);
      unmount();
    }
  });

  it('offers both kinds of account at the one sign-in, each keeping the way back', async () => {
    stubApi(null);
    renderApp('/signin?next=%2Faccount&mode=signup');
    expect(
      (await screen.findByRole('link', { name: 'Join as a client' })).getAttribute('href'),
    ).toBe('/buyerauth?mode=signup&next=%2Faccount');
    expect(screen.getByRole('link', { name: 'Join as a business' }).getAttribute('href')).toBe(
      '/sellerauth?mode=signup&next=%2Faccount',
    );
  });

  it('sends a signed-out visitor of a chat to sign in, with the chat as the way back', async () => {
    stubApi(null);
    const { router } = renderApp('/inbox/01900000-0000-7000-8000-0000000000d1?from=mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/inbox/01900000-0000-7000-8000-0000000000d1?from=mail',
    );
    // Asking for a sign-in link or a new account keeps the way back.
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
        '/inbox/01900000-0000-7000-8000-0000000000d1?from=mail',
      ),
    );
  });

  it('returns a signed-in visitor of a portal to a path of this site only', async () => {
    stubApi(buyer, {
      '/api/v1/chats?': { items: [], nextCursor: null },
      '/api/v1/users': { items: [], nextCursor: null },
    });
    const inbox = renderApp('/buyerauth?next=%2Finbox');
    await waitFor(() => expect(inbox.router.state.location.pathname).toBe('/inbox'));
    inbox.unmount();
    const away = renderApp(`/buyerauth?next=${encodeURIComponent('/\\evil.example/x')}`);
    await waitFor(() => expect(away.router.state.location.pathname).toBe('/'));
  });

  it('says an unknown address is no page, with a way home', async () => {
    stubApi(null);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
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

  it('gives a seller the Buyers entry and highlights the entry of the screen on view', async () => {
    stubApi(seller, {
      '/api/v1/users': { items: [], nextCursor: null },
      '/api/v1/chats': { items: [], nextCursor: null },
    });
    // An older version remembered the last click here; the address alone decides now.
    localStorage.setItem('navBtn', 'Chats');
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buyers' })).toBeTruthy();
    const workspace = await screen.findByRole('navigation', { name: 'Workspace' });
    const current = () =>
      within(workspace)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.querySelector('.MuiListItemText-root')?.textContent);
    expect(current()).toEqual(['Buyers']);
    fireEvent.click(within(workspace).getByRole('link', { name: 'Chats' }));
    expect(await screen.findByText('No chat history available.')).toBeTruthy();
    expect(current()).toEqual(['Chats']);
    await act(() => router.navigate('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Buyers' });
    expect(current()).toEqual(['Buyers']);
  });
});

describe('signed-in shell on a narrow screen', () => {
  it('draws the navigation drawer the first time it opens, and keeps it from then on', async () => {
    stubApi(buyer, { '/api/v1/users': { items: [], nextCursor: null } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sellers' })).toBeTruthy();
    // One menu: signed in, the menu button opens the drawer, and there is no other menu.
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
    // Not in the document at all until then: no part of the first commit.
    expect(document.querySelector('nav[aria-label="Workspace"]')).toBeNull();
    fireEvent.click(open);
    const workspace = await screen.findByRole('navigation', { name: 'Workspace' });
    expect(within(workspace).getByRole('link', { name: 'Sellers' })).toBeTruthy();
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.getAttribute('aria-label')).toBe('Close menu');
    expect(document.getElementById('mobile-menu')).toBeNull();
    // The public pages and the language are in the same drawer.
    const drawer = document.getElementById('side-menu')!;
    expect(within(drawer).getByRole('link', { name: 'Pricing' })).toBeTruthy();
    expect(within(drawer).getByRole('group', { name: 'Language' })).toBeTruthy();
    fireEvent.keyDown(workspace, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Workspace' })).toBeNull());
    // Closed, it stays in the document (hidden), so the next opening is at once.
    expect(document.querySelector('nav[aria-label="Workspace"]')).not.toBeNull();
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

  it('closes on Escape, its button naming and showing what it does', async () => {
    stubApi(null);
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome to Maya Market' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.querySelector('[data-testid="MenuIcon"]')).not.toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(button.querySelector('[data-testid="CloseIcon"]')).not.toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(document.getElementById('mobile-menu')).toBeNull());
    expect(button.getAttribute('aria-label')).toBe('Open menu');
    expect(document.activeElement).toBe(button);
  });
});
