import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PrivateUser, SessionResponse } from '@maya/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { lisbPlaces } from '../../test/fixtures';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

/** The portals' usual answers; a sign-in answers as this user. */
function signingInAs(user: PrivateUser) {
  const usual = stubApi(null, { '/api/v1/users': { items: [], nextCursor: null } });
  const session: SessionResponse = { user, token: 'T'.repeat(43) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).endsWith('/auth/login')
        ? new Response(JSON.stringify(session), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : usual(input, init),
    ),
  );
}

async function signIn(email: string) {
  fireEvent.change(await screen.findByLabelText(/^E-?mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^(Password|Senha)/), {
    target: { value: 'the passphrase' },
  });
  fireEvent.click(screen.getByRole('button', { name: /^(Sign in|Entrar)$/ }));
}

describe('a portal of the other role', () => {
  it('signs a client in at the Business Portal and says it is their client account', async () => {
    signingInAs(buyer);
    renderApp('/sellerauth');
    await signIn('ana@example.test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sellers' })).toBeTruthy();
    expect(await screen.findByText(/You are signed in to your client account/)).toBeTruthy();
  });

  it('says so to a business at the Client Portal, in Portuguese too', async () => {
    signingInAs(seller);
    await act(() => setLanguage('pt'));
    renderApp('/buyerauth');
    await signIn('glow@example.test');
    expect(await screen.findByText(/Você entrou na sua conta de empresa/)).toBeTruthy();
  });

  it('says nothing to an account at its own portal', async () => {
    signingInAs(buyer);
    renderApp('/buyerauth');
    await signIn('ana@example.test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sellers' })).toBeTruthy();
    expect(screen.queryByText(/You are signed in to your/)).toBeNull();
  });
});

describe('sign-up', () => {
  it('asks to check the inbox in Portuguese, and asks for the mail in Portuguese', async () => {
    const usual = stubApi(null);
    const signups: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!urlOf(input).endsWith('/auth/signup')) return usual(input, init);
        signups.push(JSON.parse(init?.body as string));
        return Response.json(
          { email: 'nova@example.test', status: 'check-your-email' },
          { status: 202 },
        );
      }),
    );
    await act(() => setLanguage('pt'));
    renderApp('/buyerauth?mode=signup');
    fireEvent.change(await screen.findByLabelText(/^E-mail/), {
      target: { value: 'nova@example.test' },
    });
    fireEvent.change(screen.getByLabelText(/^Senha/), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Nova' } });
    fireEvent.change(screen.getByLabelText(/^Sobrenome/), { target: { value: 'Pessoa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(
      await screen.findByRole('heading', { name: 'Verifique sua caixa de entrada' }),
    ).toBeTruthy();
    expect(screen.getByText(/Enviamos uma mensagem para nova@example\.test/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeTruthy();
    expect(signups).toEqual([expect.objectContaining({ language: 'pt-BR' })]);
  });

  it('finds the business’s town by name: the point and an empty address follow', async () => {
    stubApi(null, { '/api/v1/places': lisbPlaces });
    renderApp('/sellerauth?mode=signup');
    const search = await screen.findByRole('combobox', { name: 'Find your town or city' });
    fireEvent.change(search, { target: { value: 'lisb' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Lisbon/ }));

    expect(screen.getByLabelText<HTMLInputElement>('Latitude').value).toBe('38.716670');
    expect(screen.getByLabelText<HTMLInputElement>('Longitude').value).toBe('-9.133330');
    expect(screen.getByLabelText<HTMLInputElement>('Location address').value).toBe(
      'Lisbon, Portugal',
    );
  });

  it('links its notice to the terms and the privacy policy, in a new tab', async () => {
    stubApi(null);
    renderApp('/buyerauth?mode=signup');
    const notice = (await screen.findByText(/By creating an account you agree to our/)).closest(
      'p',
    )!;
    const terms = within(notice).getByRole('link', { name: 'Terms of Service' });
    const privacy = within(notice).getByRole('link', { name: 'Privacy Policy' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    for (const link of [terms, privacy]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});
