import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const token = 'T'.repeat(43);

/** The app's usual answers, plus the given ones for these API paths (any other status). */
function stubAnswers(answers: Record<string, { status: number; body: unknown }>) {
  const usual = stubApi(null, { '/api/v1/users': { items: [], nextCursor: null } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers[new URL(urlOf(input), 'http://localhost').pathname];
    if (!answer) return usual(input, init);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: {
        'content-type': answer.status < 400 ? 'application/json' : 'application/problem+json',
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentTo(fetchMock: ReturnType<typeof stubAnswers>, path: string) {
  const call = fetchMock.mock.calls.find(([input]) => urlOf(input).endsWith(path));
  return call && JSON.parse(call[1]?.body as string);
}

const problem = (status: number, code: string, detail: string) => ({
  type: 'about:blank',
  title: 'Problem',
  status,
  code,
  detail,
});

describe('sign-in links on the portals', () => {
  it('offers a mailed link beside the password, carrying the typed email over', async () => {
    const fetchMock = stubAnswers({
      '/api/v1/auth/sign-in-link': { status: 202, body: { message: 'sent' } },
    });
    renderApp('/sellerauth');
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'owner@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sign in with an email link' }),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('owner@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(/we have sent a link to sign in/)).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/sign-in-link')).toEqual({ email: 'owner@example.test' });
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('says sign-in is paused and offers the link when the password is refused with 429', async () => {
    stubAnswers({
      '/api/v1/auth/login': {
        status: 429,
        body: problem(429, 'RATE_LIMITED', 'Too many failed sign-in attempts. Please wait 900 s.'),
      },
    });
    renderApp('/buyerauth');
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'owner@example.test' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'the passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(/signing in with a password is paused here/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Email/)).value).toBe(
      'owner@example.test',
    );
  });

  it('offers the link while a slowed sign-in is still waiting for its answer', async () => {
    const usual = stubApi(null);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        urlOf(input).endsWith('/auth/login') ? new Promise<Response>(() => {}) : usual(input, init),
      ),
    );
    renderApp('/buyerauth');
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'owner@example.test' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'the passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    // After three seconds the wait is explained, and the link offered.
    expect(await screen.findByText(/sign-ins to this account are slowed down/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sign in with an email link' }),
    ).toBeTruthy();
  });

  it('is offered in Portuguese too', async () => {
    stubAnswers({});
    await act(() => setLanguage('pt'));
    renderApp('/sellerauth');
    expect(await screen.findByRole('button', { name: 'Receber um link por e-mail' })).toBeTruthy();
  });
});

describe('a mail that cannot be queued (503)', () => {
  const unavailable = {
    status: 503,
    body: problem(503, 'UNAVAILABLE', 'The service cannot reach its database right now.'),
  };

  it.each([
    [
      'en',
      'Email me a sign-in link',
      'We cannot send mail right now. Please try again in a moment.',
    ],
    [
      'pt',
      'Receber um link por e-mail',
      'Não conseguimos enviar o e-mail agora. Tente de novo em instantes.',
    ],
  ] as const)(
    'says so in the interface’s language (%s) for a sign-in link',
    async (language, button, message) => {
      stubAnswers({ '/api/v1/auth/sign-in-link': unavailable });
      await act(() => setLanguage(language));
      renderApp('/sellerauth?mode=link');
      fireEvent.change(await screen.findByLabelText(/^E-?mail/), {
        target: { value: 'owner@example.test' },
      });
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    },
  );

  it('says so for a password reset too', async () => {
    stubAnswers({ '/api/v1/auth/password-reset': unavailable });
    renderApp('/sellerauth?mode=forgot');
    fireEvent.change(await screen.findByLabelText(/^Email/), {
      target: { value: 'owner@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We cannot send mail right now. Please try again in a moment.',
    );
  });
});

describe('the page a sign-in link opens', () => {
  it('signs in with a click, not on load, and opens the directory', async () => {
    const fetchMock = stubAnswers({
      '/api/v1/auth/sign-in-link/confirm': { status: 200, body: { user: buyer, token } },
    });
    renderApp(`/sign-in-link?token=${token}`);
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in with your link' })).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/sign-in-link/confirm')).toBeUndefined();

    fireEvent.click(button);
    // The directory is a lazy screen: its first load in a test run transforms its modules, which
    // a loaded machine can hold past the usual wait.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sellers' }, { timeout: 60_000 }),
    ).toBeTruthy();
    expect(sentTo(fetchMock, '/auth/sign-in-link/confirm')).toEqual({ token });
  }, 90_000);

  it('says when a link is spent or expired and points to both portals', async () => {
    stubAnswers({
      '/api/v1/auth/sign-in-link/confirm': {
        status: 400,
        body: problem(400, 'VALIDATION_FAILED', 'This sign-in link is invalid or has expired.'),
      },
    });
    renderApp(`/sign-in-link?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/invalid, has expired or was already used/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Client sign-in' }).getAttribute('href')).toBe(
      '/buyerauth?mode=link',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull());
  });

  it('says when the link is incomplete', async () => {
    stubAnswers({});
    renderApp('/sign-in-link');
    expect(await screen.findByText(/This sign-in link is incomplete/)).toBeTruthy();
  });
});
