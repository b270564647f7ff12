import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicProfile } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { sellerProfile } from '../../test/fixtures';

const savedAt = '2026-11-20T10:00:00.000Z';
const card = (fields: Partial<PublicProfile> = {}): PublicProfile => ({
  ...sellerProfile,
  saved: false,
  ...fields,
});
const saveCall = `/api/v1/me/saved/${sellerProfile.id}`;

/** Holds the answer to the save until `release` is called, so what shows meanwhile is seen. */
function holdSave(fetchMock: ReturnType<typeof stubApi>, status: number) {
  const answer = fetchMock.getMockImplementation()!;
  let release = () => undefined as void;
  fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    if (!urlOf(input).startsWith(saveCall)) return answer(input, init);
    return new Promise<Response>((resolve) => {
      release = () =>
        resolve(
          status === 204
            ? new Response(null, { status })
            : status === 200
              ? new Response(JSON.stringify({ businessId: sellerProfile.id, savedAt }), {
                  status,
                  headers: { 'content-type': 'application/json' },
                })
              : new Response(
                  JSON.stringify({ title: 'Server error', status, code: 'INTERNAL', detail: 'x' }),
                  { status, headers: { 'content-type': 'application/problem+json' } },
                ),
        );
    });
  });
  return () => release();
}

const methodsTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => urlOf(url).startsWith(path))
    .map(([, init]) => init?.method ?? 'GET');

describe('the save toggle on a directory card', () => {
  it('shows the save at once, pressed, and keeps it once the server has it', async () => {
    const fetchMock = stubApi(buyer, { '/api/v1/users?': { items: [card()], nextCursor: null } });
    const release = holdSave(fetchMock, 200);
    renderApp('/sellers');
    const toggle = await screen.findByRole('button', { name: 'Save Bright Reach Studio' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    // Before the server answers.
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(methodsTo(fetchMock, saveCall)).toEqual(['PUT']));
    release();
    await waitFor(() => expect(methodsTo(fetchMock, '/api/v1/users?').length).toBeGreaterThan(0));
    expect(
      screen.getByRole('button', { name: 'Save Bright Reach Studio' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('takes the change back and says so when the server refuses it', async () => {
    const fetchMock = stubApi(buyer, {
      '/api/v1/users?': { items: [card({ saved: true })], nextCursor: null },
    });
    const release = holdSave(fetchMock, 500);
    renderApp('/sellers');
    const toggle = await screen.findByRole('button', { name: 'Save Bright Reach Studio' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(methodsTo(fetchMock, saveCall)).toEqual(['DELETE']));
    release();
    expect(
      await screen.findByText(
        'Bright Reach Studio is still saved. Check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('is not on a card without `saved` (a business, a visitor)', async () => {
    stubApi(seller, {
      '/api/v1/users?': { items: [{ ...sellerProfile, role: 'buyer' }], nextCursor: null },
    });
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Chat Now' });
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
  });
});

describe('the save toggle on a profile', () => {
  it('saves the business from its profile', async () => {
    const fetchMock = stubApi(buyer, {
      [`/api/v1/users/${sellerProfile.id}`]: card(),
      [saveCall]: { businessId: sellerProfile.id, savedAt },
    });
    renderApp(`/sellers/${sellerProfile.id}`);
    const toggle = await screen.findByRole('button', { name: 'Save Bright Reach Studio' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(methodsTo(fetchMock, saveCall)).toEqual(['PUT']));
  });

  it('reads the profile again for a client when the page came without `saved`', async () => {
    let reads = 0;
    const fetchMock = stubApi(buyer);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      if (!urlOf(input).startsWith(`/api/v1/users/${sellerProfile.id}`)) return answer(input, init);
      reads += 1;
      const body = reads === 1 ? sellerProfile : card({ saved: true });
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    renderApp(`/sellers/${sellerProfile.id}`);
    const toggle = await screen.findByRole('button', { name: 'Save Bright Reach Studio' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(reads).toBe(2);
  });
});

describe('/saved', () => {
  it('lists the saved businesses as cards, and is linked from a client’s navigation', async () => {
    stubApi(buyer, {
      '/api/v1/me/saved': {
        items: [{ ...card({ saved: true }), savedAt }],
        nextCursor: null,
      },
    });
    renderApp('/saved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved businesses' })).toBeTruthy();
    const article = (await screen.findByText('Bright Reach Studio')).closest('article')!;
    expect(
      within(article)
        .getByRole('button', { name: 'Save Bright Reach Studio' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    const header = screen.getByRole('banner');
    await within(header).findByRole('button', { name: 'Logout' }, { timeout: 10_000 });
    fireEvent.click(within(header).getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Workspace' }, { timeout: 10_000 });
    expect(within(menu).getByRole('link', { name: 'Saved' }).getAttribute('href')).toBe('/saved');
  });

  it('says how to save when nothing is saved', async () => {
    stubApi(buyer, { '/api/v1/me/saved': { items: [], nextCursor: null } });
    renderApp('/saved');
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse businesses' }).getAttribute('href')).toBe(
      '/sellers',
    );
  });
});
