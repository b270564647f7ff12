import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { setLanguage } from '../lib/i18n';
import { buyer, renderApp, stubApi, urlOf } from '../test/render-app';
import { routes } from './router';

describe('top bar', () => {
  it('offers a signed-out visitor the public links and both portals, no Dashboard or Logout', async () => {
    stubApi(null);
    renderApp('/pricing');
    const header = await screen.findByRole('banner');
    const nav = within(header).getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/About');
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(within(nav).getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/#faq');
    expect(within(header).getByRole('link', { name: 'Login to Client' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Login to Business' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(within(header).getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe(
      '/account',
    );
  });

  it('gives a signed-in user Dashboard, the person icon to /dashboard/ and Logout instead of the portals', async () => {
    stubApi(buyer, { '/api/v1/users?': { items: [], nextCursor: null } });
    renderApp('/');
    const header = await screen.findByRole('banner');
    await within(header).findByRole('button', { name: 'Logout' });
    const dashboardLinks = within(header)
      .getAllByRole('link', { name: 'Dashboard' })
      .map((link) => link.getAttribute('href'));
    expect(dashboardLinks).toEqual(expect.arrayContaining(['/dashboard', '/dashboard/']));
    expect(within(header).getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe(
      '/home#faq',
    );
    expect(within(header).queryByRole('link', { name: 'Login to Client' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Login to Business' })).toBeNull();
  });

  it('signs out through the API, forgets the nav choice, goes to the landing page and says so', async () => {
    const fetchMock = stubApi(buyer, {
      '/api/v1/users?': { items: [], nextCursor: null },
      '/api/v1/auth/logout': null,
    });
    localStorage.setItem('navBtn', 'Chats');
    const { router } = renderApp('/dashboard');
    const header = await screen.findByRole('banner');
    fireEvent.click(await within(header).findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Maya Market' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('navBtn')).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => urlOf(url).endsWith('/auth/logout'));
    const init = logout?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'x-requested-with': 'fetch' });
  });

  it('shows Logout in the one menu of a signed-in user', async () => {
    stubApi(buyer, { '/api/v1/users?': { items: [], nextCursor: null } });
    renderApp('/');
    // Signed in once the bar shows Logout: the menu button opens the side drawer from then on.
    const header = await screen.findByRole('banner');
    await within(header).findByRole('button', { name: 'Logout' }, { timeout: 10_000 });
    fireEvent.click(within(header).getByRole('button', { name: 'Open menu' }));
    // The drawer is drawn the first time it opens, on a slow machine a while later.
    await screen.findByRole('navigation', { name: 'Workspace' }, { timeout: 10_000 });
    const menu = document.getElementById('side-menu')!;
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Login to Client' })).toBeNull();
  });
});

describe('router error screen', () => {
  it('names the failure under "Unexpected Application Error!"', async () => {
    stubApi(null);
    const [root] = routes;
    const failing: RouteObject[] = [
      {
        element: root!.element,
        errorElement: root!.errorElement,
        children: [
          {
            path: 'broken',
            loader: () => {
              throw new Error('Loading chunk failed');
            },
            element: null,
          },
        ],
      },
    ];
    renderApp('/broken', failing);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('Loading chunk failed')).toBeTruthy();
  });
});

describe('signed-in shell', () => {
  it('shows a loading state in the main area while the user loads', async () => {
    // A session answer that never comes keeps the user loading.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderApp('/dashboard');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('status')).toBeTruthy();
    await waitFor(() => expect(within(main).getByLabelText('Loading…')).toBeTruthy());
  });
});

describe('footer', () => {
  it('ends with a footer: year and policies, and no social links until the app has them', async () => {
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
    // A network's home page is no link to Maya Market: every link stays on the site.
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs.every((href) => href?.startsWith('/'))).toBe(true);
  });
});

describe('language switcher', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('switches the landing page to Portuguese, sets <html lang> and remembers the choice', async () => {
    stubApi(null);
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome to Maya Market' });
    const group = await screen.findByRole('group', { name: 'Language' });
    fireEvent.click(within(group).getByRole('button', { name: 'Português (PT)' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo ao Maya Market' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(localStorage.getItem('language')).toBe('pt');
    expect(i18n.language).toBe('pt');
    expect(
      within(screen.getByRole('group', { name: 'Idioma' }))
        .getByRole('button', {
          name: 'Português (PT)',
        })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
