import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seller, urlOf } from '../test/render-app';

/** The session answers this person, nobody, or cannot be reached. */
function answerSession(answer: typeof seller | null | 'unreachable') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (answer === 'unreachable') throw new TypeError('Failed to fetch');
      if (urlOf(input).endsWith('/api/v1/auth/session')) {
        return Response.json(answer ? { user: answer, cacheKey: 'key' } : { user: null });
      }
      return new Response(null, { status: 404 });
    }),
  );
}

/** A page of the app started afresh: its own modules, query client and session. */
async function newPage() {
  vi.resetModules();
  const [{ createQueryClient }, session] = await Promise.all([
    import('./query-client'),
    import('./session'),
  ]);
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, session, wrapper };
}

/** Who the bars of a new page show, with the session asked for as the layout does. */
async function shownOnNewPage() {
  const { session, wrapper } = await newPage();
  const { result } = renderHook(
    () => ({ shown: session.useShownPerson(), live: session.useSession() }),
    { wrapper },
  );
  return result;
}

describe('who the bars show', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('is the live session, whose role this browser keeps, and nothing that names the person', async () => {
    answerSession(seller);
    const result = await shownOnNewPage();
    await waitFor(() => expect(result.current.shown).toEqual(seller));
    const stored = Object.keys(localStorage)
      .map((name) => `${name}=${localStorage.getItem(name)}`)
      .join('\n');
    for (const word of [seller.id, seller.email, seller.fullName, seller.firstName]) {
      expect(stored).not.toContain(word);
    }
  });

  it('is, when the server cannot be reached, the role of the person signed in here, without a name', async () => {
    answerSession(seller);
    const signedIn = await shownOnNewPage();
    await waitFor(() => expect(signedIn.current.shown).toEqual(seller));

    answerSession('unreachable');
    const offline = await shownOnNewPage();
    await waitFor(() => expect(offline.current.shown).toEqual({ role: 'seller' }), {
      timeout: 10_000,
    });
    // The screens still wait for the session itself.
    expect(offline.current.live.user).toBeNull();
  });

  it('is nobody, when the server cannot be reached, once it has said nobody is signed in here', async () => {
    answerSession(seller);
    const signedIn = await shownOnNewPage();
    await waitFor(() => expect(signedIn.current.shown).toEqual(seller));

    answerSession(null);
    const signedOut = await shownOnNewPage();
    await waitFor(() => expect(signedOut.current.live.isLoading).toBe(false));
    expect(signedOut.current.shown).toBeNull();

    answerSession('unreachable');
    const offline = await shownOnNewPage();
    await waitFor(() => expect(offline.current.live.error).not.toBeNull(), { timeout: 10_000 });
    expect(offline.current.shown).toBeNull();
  });
});
