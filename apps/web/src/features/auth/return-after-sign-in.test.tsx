import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PrivateUser, SessionResponse } from '@maya/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

/** Where an email link to a chat sends a signed-out visitor (the sign-in page keeps it). */
const chatPath = '/inbox/01900000-0000-7000-8000-0000000000d1';
const next = encodeURIComponent(chatPath);
const token = 'T'.repeat(43);

/**
 * The app's answers for a visitor; signing in (password, link or a sign-up's mailed link)
 * answers as `user`, a sign-up answers "check your email", and the chat screen's reads answer
 * empty, so the page a person returns to can draw.
 */
function stubSigningIn(user: PrivateUser) {
  const usual = stubApi(null, {
    '/api/v1/users': { items: [], nextCursor: null },
    '/api/v1/chats?': { items: [], nextCursor: null },
    '/api/v1/chats/unread': { messages: 0, chats: 0 },
  });
  const session: SessionResponse = { user, token };
  const signIns = ['/auth/login', '/auth/sign-in-link/confirm'];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(urlOf(input), 'http://localhost').pathname;
    if (signIns.some((end) => path.endsWith(end))) return Response.json(session);
    if (path.endsWith('/auth/signup') || path.endsWith('/auth/signup/resend')) {
      const { email } = JSON.parse(init?.body as string) as { email: string };
      return Response.json({ email, status: 'check-your-email' }, { status: 202 });
    }
    if (path.endsWith('/auth/email-confirmation/confirm')) {
      return Response.json({ email: user.email, session });
    }
    if (path.endsWith('/auth/sign-in-link')) {
      return Response.json({ message: 'sent' }, { status: 202 });
    }
    return usual(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentTo(fetchMock: ReturnType<typeof stubSigningIn>, path: string) {
  const call = fetchMock.mock.calls.find(([input]) => urlOf(input).endsWith(path));
  return call && (JSON.parse(call[1]?.body as string) as Record<string, unknown>);
}

const whereNow = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('coming back after signing in', () => {
  it('returns from the Business Portal to the page asked for', async () => {
    stubSigningIn(seller);
    const { router } = renderApp(`/sellerauth?next=${next}`);
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'glow@example.test' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'the passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(whereNow(router)).toBe(chatPath));
  });

  it('sends the page asked for with a sign-up, whose mailed link carries it, and asks to check the inbox', async () => {
    const fetchMock = stubSigningIn(buyer);
    const { router } = renderApp(`/buyerauth?mode=signup&next=${next}`);
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'new@example.test' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nova' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Pessoa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/We sent a message to new@example\.test/)).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/signup')).toMatchObject({
      email: 'new@example.test',
      next: chatPath,
      language: 'en',
    });
    // Not signed in: the way in is the mailed link.
    expect(router.state.location.pathname).toBe('/buyerauth');

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent the mail to new@example.test again.')).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/signup/resend')).toEqual({
      email: 'new@example.test',
      next: chatPath,
      language: 'en',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with an email link' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('new@example.test');
  });

  it("signs in with a sign-up's mailed link and opens the page it carries", async () => {
    stubSigningIn(buyer);
    const { router } = renderApp(`/confirm-email?token=${token}&next=${next}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(whereNow(router)).toBe(chatPath));
  });

  it('asks for a sign-in link that carries the page, and the link returns there', async () => {
    const fetchMock = stubSigningIn(buyer);
    renderApp(`/buyerauth?mode=link&next=${next}`);
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'ana@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(/we have sent a link to sign in/)).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/sign-in-link')).toEqual({
      email: 'ana@example.test',
      next: chatPath,
    });
  });

  it('sends no page that would leave the site with a link request', async () => {
    const fetchMock = stubSigningIn(buyer);
    renderApp(`/buyerauth?mode=link&next=${encodeURIComponent('//evil.example/inbox')}`);
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'ana@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(/we have sent a link to sign in/)).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/sign-in-link')).toEqual({ email: 'ana@example.test' });
  });

  it('opens the page a mailed link carries once its owner signs in with it', async () => {
    stubSigningIn(buyer);
    const { router } = renderApp(`/sign-in-link?token=${token}&next=${next}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(whereNow(router)).toBe(chatPath));
  });

  it('opens the home page, not another site, for a link whose page would leave it', async () => {
    stubSigningIn(buyer);
    const hostile = encodeURIComponent('/\\evil.example');
    const { router } = renderApp(`/sign-in-link?token=${token}&next=${hostile}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(whereNow(router)).not.toBe('/sign-in-link'));
    expect(whereNow(router)).toBe('/');
  });

  it('keeps the page asked for when the visitor moves to the other portal', async () => {
    stubSigningIn(buyer);
    renderApp(`/buyerauth?next=${next}`);
    const business = await screen.findAllByRole('link', { name: /Business/ });
    expect(business.map((link) => link.getAttribute('href'))).toContain(`/sellerauth?next=${next}`);
  });
});
