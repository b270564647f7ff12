import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DealMoveResponse } from '@maya/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../../lib/i18n';
import { dealBetween, moveMessage, sellerProfile } from '../../test/fixtures';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';

// A business's profile places "Request a quote" (StartDealButton) for a signed-in client.

vi.mock('../../lib/socket', () => import('../../test/quiet-socket'));

beforeAll(async () => {
  await Promise.all([import('./components/chat-deals'), loadNamespace('deals')]);
}, 30_000);

const dealId = '01900000-0000-7000-8000-0000000000e1';
const chatId = '01900000-0000-7000-8000-0000000000d1';
const at = '2030-06-02T10:00:00.000Z';
const expiresAt = '2030-06-16T10:00:00.000Z';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
}

describe('Request a quote on a business’s profile', () => {
  it('sends a signed-in client’s request and opens their chat', async () => {
    const usual = stubApi(buyer, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    const request = {
      serviceId: null,
      need: 'A kitchen.',
      when: { from: '2030-06-01', to: '2030-06-01' },
      where: 'Lisbon',
      budget: null,
      sentAt: at,
      expiresAt,
    };
    const answer: DealMoveResponse = {
      deal: dealBetween(buyer, sellerProfile, {
        id: dealId,
        chatId,
        status: 'requested',
        request,
        createdAt: at,
      }),
      message: moveMessage({
        id: '01900000-0000-7000-8000-0000000000c1',
        chatId,
        senderId: buyer.id,
        clientId: 'deal-x',
        createdAt: at,
        dealId,
        event: {
          kind: 'quote_requested',
          actor: 'buyer',
          from: 'start',
          to: 'requested',
          at,
          request,
        },
      }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST' && urlOf(input) === '/api/v1/deals'
          ? json(answer, 201)
          : usual(input, init),
      ),
    );
    const { router } = renderApp(`/sellers/${sellerProfile.id}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Request a quote' }, { timeout: 15_000 }),
    );
    const form = await screen.findByRole('dialog', {
      name: 'Request a quote from Bright Reach Studio',
    });
    fireEvent.change(within(form).getByLabelText(/^What do you need/), {
      target: { value: 'A kitchen.' },
    });
    fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: '2030-06-01' } });
    fireEvent.change(within(form).getByLabelText(/^Where/), { target: { value: 'Lisbon' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inbox/${chatId}`));
  });

  it('shows the server’s refusal across a block in the form', async () => {
    const usual = stubApi(buyer, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? json(
              {
                type: '/api/errors#FORBIDDEN',
                title: 'Forbidden',
                status: 403,
                code: 'FORBIDDEN',
                detail: 'You cannot start a deal with this person.',
              },
              403,
            )
          : usual(input, init),
      ),
    );
    renderApp(`/sellers/${sellerProfile.id}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Request a quote' }, { timeout: 15_000 }),
    );
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByLabelText(/^What do you need/), {
      target: { value: 'A kitchen.' },
    });
    fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: '2030-06-01' } });
    fireEvent.change(within(form).getByLabelText(/^Where/), { target: { value: 'Lisbon' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'You cannot start a deal with this person.',
    );
  });

  it('is not offered to the business itself, nor to a visitor, who is asked to sign in', async () => {
    stubApi(
      { ...seller, id: sellerProfile.id },
      { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile },
    );
    const { unmount } = renderApp(`/sellers/${sellerProfile.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Bright Reach Studio' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
    unmount();

    stubApi(null, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    renderApp(`/sellers/${sellerProfile.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Bright Reach Studio' });
    expect(screen.getByRole('link', { name: /Sign in/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
  });
});
