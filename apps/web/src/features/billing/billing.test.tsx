import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/render-app';
import { plans } from '../../test/fixtures';

describe('pricing', () => {
  it('offers Free and Pro at 147 a year with a monthly option', async () => {
    stubApi(null, { '/api/v1/plans': plans });
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Free' })).toBeTruthy();
    expect(await screen.findByText(/€147 per year/)).toBeTruthy();
    expect(screen.getByText(/per month/)).toBeTruthy();
  });
});

describe('monetization', () => {
  it('shows its text under a titled h1', async () => {
    stubApi(null);
    renderApp('/monetization');
    await screen.findByRole('heading', { level: 1, name: 'How Maya Market makes money' });
    await waitFor(() => expect(document.title).toContain('How we make money'));
  });

  it('names the only income the marketplace has: the plans, and what Pro adds', async () => {
    stubApi(null);
    renderApp('/monetization');
    await screen.findByRole('heading', { level: 1 });
    const names = screen.getAllByRole('heading', { level: 2 }).map((node) => node.textContent);
    expect(names).toEqual(['Subscriptions', 'What Pro adds']);
    expect(screen.getByText(/up to 60 images instead of 12/)).toBeTruthy();
    expect(screen.queryByText(/commission on/i)).toBeNull();
  });
});
