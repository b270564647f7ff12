import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';
import { plans } from '../../test/fixtures';

/** The server's answer once the account has had its ten wrong passwords: 429, 15 minutes left. */
function paused(field: string) {
  return new Response(
    JSON.stringify({
      type: '/api/errors#rate-limited',
      title: 'Too many requests',
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Too many wrong passwords. Please wait 900 s and try again.',
      errors: { [field]: 'Too many wrong passwords' },
    }),
    {
      status: 429,
      headers: { 'content-type': 'application/problem+json', 'retry-after': '900' },
    },
  );
}

/** The account page's answers, with `path` refused as paused for `field`. */
function stubPaused(path: string, field: string) {
  const usual = stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(urlOf(input), 'http://localhost').pathname === path &&
      init?.method !== undefined &&
      init.method !== 'GET'
        ? paused(field)
        : usual(input, init),
    ),
  );
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('a current password refused for a while', () => {
  it("says how long to wait under the password form's current password", async () => {
    stubPaused('/api/v1/me/password', 'currentPassword');
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Password' });
    fireEvent.change(within(section).getByLabelText('Current password'), {
      target: { value: 'a guess' },
    });
    for (const label of ['New password', 'Confirm new password']) {
      fireEvent.change(within(section).getByLabelText(new RegExp(`^${label}`)), {
        target: { value: 'the next passphrase' },
      });
    }
    fireEvent.click(within(section).getByRole('button', { name: 'Update Password' }));

    const current = within(section).getByLabelText('Current password');
    const message = 'Too many wrong passwords. Try again in 15 min.';
    expect(await within(section).findByText(message)).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(current.getAttribute('aria-describedby')!)!.textContent).toBe(
      message,
    );
  });

  it("says it in Portuguese under the email form's password", async () => {
    stubPaused('/api/v1/me/email', 'password');
    await act(() => setLanguage('pt'));
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'E-mail' });
    for (const input of within(section).getAllByRole('textbox').slice(1)) {
      fireEvent.change(input, { target: { value: 'new@example.test' } });
    }
    const current = within(section).getByLabelText('Senha atual');
    fireEvent.change(current, { target: { value: 'a guess' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Atualizar e-mail' }));

    const message = 'Muitas senhas erradas. Tente de novo em 15 min.';
    expect(await within(section).findByText(message)).toBeTruthy();
    expect(document.getElementById(current.getAttribute('aria-describedby')!)!.textContent).toBe(
      message,
    );
  });

  it("says it under the deletion dialog's password, in both languages", async () => {
    for (const [language, button, confirm, message] of [
      [
        'en',
        'Delete my account',
        'Delete for good',
        'Too many wrong passwords. Try again in 15 min.',
      ],
      [
        'pt',
        'Excluir minha conta',
        'Excluir de vez',
        'Muitas senhas erradas. Tente de novo em 15 min.',
      ],
    ] as const) {
      stubPaused('/api/v1/me', 'password');
      await act(() => setLanguage(language));
      const { unmount } = renderApp('/account');
      fireEvent.click(await screen.findByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog');
      const password = within(dialog).getByLabelText(/./, { selector: 'input' });
      fireEvent.change(password, { target: { value: 'a guess' } });
      fireEvent.click(within(dialog).getByRole('button', { name: confirm }));

      expect(await within(dialog).findByText(message)).toBeTruthy();
      expect(password.getAttribute('aria-invalid')).toBe('true');
      unmount();
    }
  });
});
