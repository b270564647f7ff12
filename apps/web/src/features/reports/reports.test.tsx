import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@maya/contracts';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { sellerProfile } from '../../test/fixtures';

const receipt = {
  id: '0190f0a0-0000-7000-8000-000000000001',
  location: `http://localhost:3000/sellers/${sellerProfile.id}`,
  message: 'Thank you',
  createdAt: '2026-11-28T10:00:00.000Z',
};

/** The body of the first POST to `path` the page sent. */
function sentBody(fetchMock: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => urlOf(url).endsWith(path) && init?.method === 'POST',
  );
  return call ? JSON.parse(call[1]!.body as string) : undefined;
}

describe('the notice form at /report', () => {
  it('prefills the address from ?url=, names each missing field, and shows the receipt', async () => {
    const fetchMock = stubApi(null, { '/api/v1/notices': receipt });
    renderApp(`/report?url=${encodeURIComponent(`/sellers/${sellerProfile.id}`)}`);

    await screen.findByRole('heading', { level: 1, name: 'Report illegal content' });
    const location = screen.getByRole('textbox', { name: /Address of the content/ });
    await waitFor(() =>
      expect((location as HTMLInputElement).value).toBe(
        `${window.location.origin}/sellers/${sellerProfile.id}`,
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send notice' }));
    expect(await screen.findByText('Explain why the content is illegal.')).toBeTruthy();
    expect(screen.getByText('Give your name.')).toBeTruthy();
    expect(screen.getByText('Give a valid email address.')).toBeTruthy();
    expect(screen.getByText('Confirm the good-faith statement to send the notice.')).toBeTruthy();
    expect(sentBody(fetchMock, '/notices')).toBeUndefined();

    fireEvent.change(screen.getByRole('textbox', { name: /Why is this content illegal/ }), {
      target: { value: 'Counterfeit medicines.' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), {
      target: { value: 'Rita Sousa' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Your email/ }), {
      target: { value: 'rita@example.test' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /in good faith/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send notice' }));

    await screen.findByRole('heading', { level: 1, name: 'Notice received' });
    expect(screen.getByText(receipt.id)).toBeTruthy();
    expect(sentBody(fetchMock, '/notices')).toEqual({
      location: `${window.location.origin}/sellers/${sellerProfile.id}`,
      explanation: 'Counterfeit medicines.',
      notifierName: 'Rita Sousa',
      notifierEmail: 'rita@example.test',
      goodFaith: true,
      language: 'en',
    });
  });
});

describe('reporting from a profile', () => {
  it('links every visitor to the notice form for the profile', async () => {
    stubApi(null, { [`/api/v1/users/${sellerProfile.id}`]: sellerProfile });
    renderApp(`/sellers/${sellerProfile.id}`);
    const link = await screen.findByRole('link', { name: 'Report this page' });
    expect(link.getAttribute('href')).toBe(
      `/report?url=${encodeURIComponent(`/sellers/${sellerProfile.id}`)}`,
    );
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('lets a member report the profile with a legal ground, and acknowledges it', async () => {
    const fetchMock = stubApi(buyer, {
      [`/api/v1/users/${sellerProfile.id}`]: sellerProfile,
      '/api/v1/reports': {
        id: receipt.id,
        status: 'open',
        duplicate: false,
        message: `Thank you: your report was received, with the reference ${receipt.id}.`,
        createdAt: receipt.createdAt,
      },
    });
    renderApp(`/sellers/${sellerProfile.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));

    const dialog = await screen.findByRole('dialog', {
      name: `Report the profile of ${sellerProfile.fullName}`,
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Illegal content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Name the law or legal ground the content breaks.'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Legal ground/ }), {
      target: { value: 'Counterfeit goods' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(/with the reference/)).toBeTruthy();
    expect(sentBody(fetchMock, '/reports')).toEqual({
      subject: { kind: 'profile', userId: sellerProfile.id },
      reason: 'illegal',
      legalGround: 'Counterfeit goods',
    });
  });
});

describe('reporting a published review', () => {
  const at = '2030-06-02T10:00:00.000Z';
  const reviewId = '01900000-0000-7000-8000-0000000000b1';
  const rated = { ...sellerProfile, rating: { average: 4, count: 1 } };
  const published: Review = {
    id: reviewId,
    dealId: '01900000-0000-7000-8000-0000000000e1',
    side: 'buyer',
    rating: 2,
    text: 'Late and rude.',
    author: { id: buyer.id, name: buyer.fullName, former: false },
    reply: { text: 'We were on time.', at },
    createdAt: at,
    updatedAt: at,
    // As a profile's list answers it: all of it is published, and no instant is given.
    publishedAt: null,
    removedAt: null,
  };
  const answers = {
    [`/api/v1/users/${sellerProfile.id}/reviews`]: { rating: rated.rating, items: [published] },
    [`/api/v1/users/${sellerProfile.id}`]: rated,
    '/api/v1/reports': {
      id: receipt.id,
      status: 'open',
      duplicate: false,
      message: `Thank you: your report was received, with the reference ${receipt.id}.`,
      createdAt: receipt.createdAt,
    },
  };
  const reviewOnProfile = async () =>
    within(
      await screen.findByRole('region', { name: 'Reviews from clients' }, { timeout: 5000 }),
    ).findByRole('article', { name: buyer.fullName }, { timeout: 5000 });

  it('lets another member report a review from the profile, and acknowledges it', async () => {
    const fetchMock = stubApi(seller, answers);
    renderApp(`/sellers/${sellerProfile.id}`);
    const item = await reviewOnProfile();
    fireEvent.click(
      within(item).getByRole('button', { name: `Report the review by ${buyer.fullName}` }),
    );

    const dialog = await screen.findByRole('dialog', {
      name: `Report the review by ${buyer.fullName}`,
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(/with the reference/)).toBeTruthy();
    expect(sentBody(fetchMock, '/reports')).toEqual({
      subject: { kind: 'review', reviewId, part: 'review' },
      reason: 'harassment',
    });
  });

  it('lets the client report the business’s reply to their review, never their own words', async () => {
    const fetchMock = stubApi(buyer, answers);
    renderApp(`/sellers/${sellerProfile.id}`);
    const item = await reviewOnProfile();
    expect(within(item).queryByRole('button', { name: /Report the review/ })).toBeNull();
    fireEvent.click(
      within(item).getByRole('button', {
        name: `Report the reply from ${sellerProfile.fullName}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Report the reply from ${sellerProfile.fullName}`,
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(/with the reference/)).toBeTruthy();
    expect(sentBody(fetchMock, '/reports')).toEqual({
      subject: { kind: 'review', reviewId, part: 'reply' },
      reason: 'spam',
    });
  });

  it('offers no report to a visitor who is not signed in', async () => {
    stubApi(null, answers);
    renderApp(`/sellers/${sellerProfile.id}`);
    const item = await reviewOnProfile();
    expect(within(item).getByText('Late and rude.')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /^Report/ })).toBeNull();
  });
});
