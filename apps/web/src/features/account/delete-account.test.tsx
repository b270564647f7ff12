import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';
import { plans } from '../../test/fixtures';

describe('deleting the account', () => {
  it('takes the person home and says the account is gone, however late the session is dropped', async () => {
    const usual = stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    let deleted = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(urlOf(input), 'http://localhost').pathname;
      if (path === '/api/v1/me' && init?.method === 'DELETE') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      // Once the account is gone, whatever the screen asks again is a signed-out answer.
      if (deleted && path !== '/api/v1/users/featured' && path !== '/api/v1/config')
        return new Response(
          JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
          { status: 401, headers: { 'content-type': 'application/problem+json' } },
        );
      return usual(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/account');

    const data = await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(within(data).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), {
      target: { value: 'my passphrase' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(deleted).toBe(true);
  });
});
