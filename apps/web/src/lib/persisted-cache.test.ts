import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, seller, urlOf } from '../test/render-app';
import { sendEarlySession, takeEarlySession } from './early-session';
import { restorePersistedCache } from './persisted-cache';
import { CACHE_KEY, OWNER_KEY } from './persisted-owner';
import { createQueryClient } from './query-client';
import { adoptSignedIn, forgetSession, sessionQuery } from './session';

const chatsKey = ['chats', 'list'];
const chats = { items: [{ id: 'chat-1' }], nextCursor: null };

/** The session answers this person (or nobody), as the server would. */
function answerSession(user: typeof buyer | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (urlOf(input).endsWith('/api/v1/auth/session')) {
      return Response.json(user ? { user, expiresAt: '2026-12-01T00:00:00.000Z' } : { user: null });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the persister writes, throttled by a second: wait until it is there. */
async function saved(): Promise<{ buster: string; clientState: { queries: unknown[] } }> {
  await vi.waitFor(
    () => {
      expect(localStorage.getItem(CACHE_KEY)).not.toBeNull();
    },
    { timeout: 5000 },
  );
  return JSON.parse(localStorage.getItem(CACHE_KEY)!) as {
    buster: string;
    clientState: { queries: unknown[] };
  };
}

/** A visit: a fresh query client that restores the saved cache, then hears from the session. */
async function visit(user: typeof buyer | null) {
  answerSession(user);
  const queryClient = createQueryClient();
  await restorePersistedCache(queryClient);
  const restored = queryClient.getQueryData(chatsKey);
  await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  return { queryClient, restored };
}

describe('the saved query cache of signed-in screens', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('is saved for the person signed in, and drawn at once on their next visit', async () => {
    const first = await visit(buyer);
    expect(first.restored).toBeUndefined();
    first.queryClient.setQueryData(chatsKey, chats);
    const stored = await saved();
    expect(localStorage.getItem(OWNER_KEY)).toBe(buyer.id);
    expect(stored.buster).toContain(buyer.id);

    answerSession(buyer);
    const again = createQueryClient();
    await restorePersistedCache(again);
    // Before the session has answered: the last visit's data and person are there.
    expect(again.getQueryData(chatsKey)).toEqual(chats);
    expect(again.getQueryData(sessionQuery.queryKey)).toMatchObject({ id: buyer.id });
    // …and the session is asked again all the same.
    expect(again.getQueryState(sessionQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('is dropped, from memory and storage, when someone else turns out to be signed in', async () => {
    const first = await visit(buyer);
    first.queryClient.setQueryData(chatsKey, chats);
    await saved();

    const other = await visit(seller);
    expect(other.queryClient.getQueryData(chatsKey)).toBeUndefined();
    expect(other.queryClient.getQueryData(sessionQuery.queryKey)).toMatchObject({ id: seller.id });
    expect(localStorage.getItem(OWNER_KEY)).toBe(seller.id);
    const stored = localStorage.getItem(CACHE_KEY);
    expect(stored === null || !stored.includes('chat-1')).toBe(true);
  });

  it('is dropped when nobody is signed in any more, and on sign-out', async () => {
    const first = await visit(buyer);
    first.queryClient.setQueryData(chatsKey, chats);
    await saved();
    await visit(null);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();

    const again = await visit(buyer);
    again.queryClient.setQueryData(chatsKey, chats);
    await saved();
    forgetSession(again.queryClient);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });

  it('is dropped when another person signs in on this browser, kept when its owner does', async () => {
    const first = await visit(buyer);
    first.queryClient.setQueryData(chatsKey, chats);
    await saved();
    adoptSignedIn(createQueryClient(), buyer);
    expect(localStorage.getItem(CACHE_KEY)).not.toBeNull();
    adoptSignedIn(createQueryClient(), seller);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });
});

describe('the early session request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the one the session query reads, so a signed-in screen asks once', async () => {
    const fetchMock = answerSession(buyer);
    sendEarlySession(false);
    const queryClient = createQueryClient();
    await expect(queryClient.fetchQuery(sessionQuery)).resolves.toMatchObject({ id: buyer.id });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: a later fetch asks again.
    expect(takeEarlySession()).toBeUndefined();
  });

  it('is not sent from a prerendered page, which asks once hydrated', () => {
    const fetchMock = answerSession(buyer);
    sendEarlySession(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlySession()).toBeUndefined();
  });
});
