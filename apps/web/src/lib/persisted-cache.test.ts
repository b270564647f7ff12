import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, seller, urlOf } from '../test/render-app';
import { ApiError } from './api-client';
import { sendEarlySession, takeEarlySession } from '../start/early-session';
import { restorePersistedCache } from './persisted-cache';
import { CACHE_KEY } from './personal-data';
import { createQueryClient } from './query-client';
import { adoptSignedIn, forgetSession, recheckSession, sessionQuery } from './session';

const chatsKey = ['chats', 'list'];
/** Words only the person's chats hold: none of them may be readable in storage. */
const SECRET = 'the door code is 4417';
const chats = { items: [{ id: 'chat-1', lastMessage: { body: SECRET } }], nextCursor: null };

/** A session's saved-data key as the server gives it: 32 random bytes, base64url. */
function newCacheKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

type Answer = { user: typeof buyer; cacheKey: string } | null | 'offline';

/** The session answers this person with this session's key, nobody, or fails (offline). */
function answerSession(answer: Answer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (urlOf(input).endsWith('/api/v1/auth/session')) {
      return Response.json(answer ?? { user: null });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the persister writes, throttled by a second (of the fake timers): once it is there. */
async function savedText(): Promise<string> {
  await vi.advanceTimersByTimeAsync(1000);
  await vi.waitFor(() => expect(localStorage.getItem(CACHE_KEY)).not.toBeNull(), {
    timeout: 5000,
    interval: 5,
  });
  return localStorage.getItem(CACHE_KEY)!;
}

/**
 * A start of a signed-in screen's shell: restore (waiting for the session), then what the first
 * render draws; then the screen asks for the session as the app does.
 */
async function visit(answer: Answer) {
  answerSession(answer);
  const queryClient = createQueryClient();
  await restorePersistedCache(queryClient);
  const restored = queryClient.getQueryData(chatsKey);
  await queryClient.fetchQuery({ ...sessionQuery, retry: false }).catch(() => undefined);
  return { queryClient, restored };
}

/** A visit by `user` in session `cacheKey` that leaves the chats saved. */
async function saveChats(user: typeof buyer, cacheKey: string) {
  const { queryClient } = await visit({ user, cacheKey });
  queryClient.setQueryData(chatsKey, chats);
  expect(await savedText()).toContain('"sealed"');
  return queryClient;
}

describe('the saved query cache of signed-in screens', () => {
  beforeEach(() => {
    localStorage.clear();
    // The persister's throttle and the first render's wait pass at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is saved sealed: no word of the chats, the person or the session is readable in storage', async () => {
    const cacheKey = newCacheKey();
    await saveChats(buyer, cacheKey);
    const stored = Object.keys(localStorage)
      .map((name) => `${name}=${localStorage.getItem(name)}`)
      .join('\n');
    expect(stored).toContain(CACHE_KEY);
    for (const word of [SECRET, 'chat-1', buyer.id, buyer.email, buyer.fullName, cacheKey]) {
      expect(stored).not.toContain(word);
    }
  });

  it('is drawn on the next start once the same live session has answered', async () => {
    const cacheKey = newCacheKey();
    await saveChats(buyer, cacheKey);

    const again = await visit({ user: buyer, cacheKey });
    expect(again.restored).toEqual(chats);
    // The session is never restored: it is the server's answer of this start.
    expect(again.queryClient.getQueryState(sessionQuery.queryKey)?.dataUpdatedAt).toBeGreaterThan(
      Date.now() - 5000,
    );
  });

  it('is cleared with everything else kept for the person when the server says nobody is signed in', async () => {
    await saveChats(buyer, newCacheKey());
    localStorage.setItem(`maya-chat:${buyer.id}`, JSON.stringify([{ text: SECRET }]));
    localStorage.setItem('navBtn', 'Chats');
    localStorage.setItem('language', 'pt');
    sessionStorage.setItem('draft', SECRET);

    const after = await visit(null);
    expect(after.restored).toBeUndefined();
    expect(after.queryClient.getQueryData(sessionQuery.queryKey)).toBeNull();
    // Only the chosen language, which says nothing of anyone, stays.
    expect(Object.keys(localStorage)).toEqual(['language']);
    expect(sessionStorage.length).toBe(0);
  });

  it('draws nothing on a start that cannot reach the server, and what stays cannot be read', async () => {
    await saveChats(buyer, newCacheKey());
    const offline = await visit('offline');
    expect(offline.restored).toBeUndefined();
    expect(offline.queryClient.getQueryData(sessionQuery.queryKey)).toBeUndefined();
    const stored = localStorage.getItem(CACHE_KEY) ?? '';
    expect(stored).not.toContain(SECRET);
  });

  it("is not opened by another session, even the same person's, and goes", async () => {
    await saveChats(buyer, newCacheKey());
    const other = await visit({ user: buyer, cacheKey: newCacheKey() });
    expect(other.restored).toBeUndefined();
    // Dropped unread, or already replaced by the new session's own (which holds no chats yet).
    await vi.waitFor(
      async () => {
        const after = await visit({ user: buyer, cacheKey: newCacheKey() });
        expect(after.restored).toBeUndefined();
      },
      { timeout: 10_000 },
    );

    const sellers = await visit({ user: seller, cacheKey: newCacheKey() });
    expect(sellers.restored).toBeUndefined();
  });

  it('drops a cache a build before sealing saved in the clear, unread', async () => {
    localStorage.setItem(CACHE_KEY, JSON.stringify({ buster: 'old', clientState: chats }));
    localStorage.setItem('maya:query-cache-owner', buyer.id);
    const start = await visit('offline');
    expect(start.restored).toBeUndefined();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem('maya:query-cache-owner')).toBeNull();
  });

  it('does not hold the first render longer than a few seconds while the session does not answer', async () => {
    await saveChats(buyer, newCacheKey());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    let settled = false;
    void restorePersistedCache(createQueryClient()).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
  });

  it('is cleared on sign-out, and a save under way then writes nothing', async () => {
    const queryClient = await saveChats(buyer, newCacheKey());
    queryClient.setQueryData(['chats', 'other'], { body: SECRET });
    forgetSession(queryClient);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(1500);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(queryClient.getQueryData(chatsKey)).toBeUndefined();
  });

  it('is dropped on a sign-in, and saved again under the key of the session the sign-in started', async () => {
    const first = newCacheKey();
    await saveChats(buyer, first);
    const second = newCacheKey();
    const fetchMock = answerSession({ user: buyer, cacheKey: second });
    const queryClient = createQueryClient();
    await restorePersistedCache(queryClient, { restore: false });
    queryClient.setQueryData(sessionQuery.queryKey, null);
    adoptSignedIn(queryClient, buyer);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    // The key comes with the session's next answer, asked for at once.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 10_000 });
    queryClient.setQueryData(chatsKey, chats);
    await savedText();
    expect((await visit({ user: buyer, cacheKey: second })).restored).toEqual(chats);
  });
});

describe('the end of a session, learnt from the server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const unauthenticated = new ApiError({
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    code: 'UNAUTHENTICATED',
    detail: 'Please sign in to continue.',
  });

  it('forgets the person when any call is answered 401 UNAUTHENTICATED', async () => {
    localStorage.setItem(`maya-chat:${buyer.id}`, SECRET);
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, buyer);
    queryClient.setQueryData(chatsKey, chats);
    await queryClient
      .fetchQuery({ queryKey: ['chats', 'unread'], queryFn: () => Promise.reject(unauthenticated) })
      .catch(() => undefined);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeNull();
    expect(queryClient.getQueryData(chatsKey)).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('forgets the person when a mutation is answered 401 UNAUTHENTICATED', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, buyer);
    queryClient.setQueryData(chatsKey, chats);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(unauthenticated) })
      .execute(undefined)
      .catch(() => undefined);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeNull();
    expect(queryClient.getQueryData(chatsKey)).toBeUndefined();
  });

  it('keeps the person on a wrong password, and a visitor’s page on a 401', async () => {
    const wrongPassword = new ApiError({ ...unauthenticated.problem, code: 'INVALID_CREDENTIALS' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, buyer);
    queryClient.setQueryData(chatsKey, chats);
    await queryClient
      .fetchQuery({ queryKey: ['check'], queryFn: () => Promise.reject(wrongPassword) })
      .catch(() => undefined);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual(buyer);

    const visitor = createQueryClient();
    visitor.setQueryData(sessionQuery.queryKey, null);
    visitor.setQueryData(['featured'], { items: [] });
    await visitor
      .fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(unauthenticated) })
      .catch(() => undefined);
    expect(visitor.getQueryData(['featured'])).toEqual({ items: [] });
  });

  it('forgets the person held in memory when the session answers nobody', async () => {
    const queryClient = createQueryClient();
    // A screen the server rendered for them.
    queryClient.setQueryData(sessionQuery.queryKey, buyer);
    queryClient.setQueryData(chatsKey, chats);
    answerSession(null);
    await recheckSession(queryClient);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeNull();
    expect(queryClient.getQueryData(chatsKey)).toBeUndefined();
  });
});

describe('the early session request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the one the session query reads, so a signed-in screen asks once', async () => {
    const fetchMock = answerSession({ user: buyer, cacheKey: newCacheKey() });
    sendEarlySession(false);
    const queryClient = createQueryClient();
    await expect(queryClient.fetchQuery(sessionQuery)).resolves.toMatchObject({ id: buyer.id });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: a later fetch asks again.
    expect(takeEarlySession()).toBeUndefined();
  });

  it('failed offline, is asked again when the session is fetched once the network is back', async () => {
    answerSession('offline');
    sendEarlySession(false);
    const fetchMock = answerSession(null);
    await expect(createQueryClient().fetchQuery(sessionQuery)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not sent from a prerendered page, which asks once hydrated', () => {
    const fetchMock = answerSession({ user: buyer, cacheKey: newCacheKey() });
    sendEarlySession(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlySession()).toBeUndefined();
  });
});
