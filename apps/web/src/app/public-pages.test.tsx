import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '../lib/i18n';
import { renderApp, stubApi } from '../test/render-app';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('public pages', () => {
  it.each([
    ['/privacy', 'Privacy Policy', 'privacy'],
    ['/terms', 'Terms of Service', 'terms'],
    ['/monetization', 'How Maya Market makes money', undefined],
  ])('%s shows its text under a titled h1', async (path, heading, anchor) => {
    stubApi(null);
    renderApp(path);
    const title = await screen.findByRole('heading', { level: 1, name: heading });
    if (anchor) expect(title.closest('article')?.id).toBe(anchor);
    await waitFor(() =>
      expect(document.title).toContain(
        heading.replace('How Maya Market makes money', 'How we make money'),
      ),
    );
  });

  it('names the five income sources on the monetization page', async () => {
    stubApi(null);
    renderApp('/monetization');
    await screen.findByRole('heading', { level: 1 });
    const names = screen.getAllByRole('heading', { level: 2 }).map((node) => node.textContent);
    expect(names).toEqual([
      'Subscriptions in tiers',
      'Premium features',
      'Partnerships',
      'Commissions',
      'Compliant data insights',
    ]);
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
    ]) {
      expect(within(article).getAllByText(claim).length).toBeGreaterThan(0);
    }
  });
});

describe('language switcher', () => {
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
