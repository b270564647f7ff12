import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { lisbPlaces, plans } from '../../test/fixtures';

describe('account', () => {
  it('shows the two tabs, the user and the current plan', async () => {
    stubApi(buyer, {
      '/api/v1/plans': plans,
      '/api/v1/me/gallery': { gallery: [] },
    });
    renderApp('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Information' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile Details' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Ana');
    expect(screen.getByDisplayValue('ana@example.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Plans and Billing' }));
    expect(await screen.findByText('Your Current Plan: Free')).toBeTruthy();
  });

  it("opens the gallery's file picker from a real button (no label playing a button)", async () => {
    stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    renderApp('/account');
    const choose = await screen.findByRole('button', { name: 'Choose images' });
    expect(choose.tagName).toBe('BUTTON');
    expect(choose.getAttribute('role')).toBeNull();
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(choose);
    expect(picker).toHaveBeenCalledTimes(1);
    expect((picker.mock.contexts[0] as HTMLInputElement).type).toBe('file');
    picker.mockRestore();
  });
});

describe('the profile forms', () => {
  it("keep to themselves: a refused email change marks the email form's fields only", async () => {
    const usual = stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        urlOf(input).endsWith('/me/email')
          ? new Response(
              JSON.stringify({
                type: 'about:blank',
                title: 'Invalid credentials',
                status: 401,
                code: 'INVALID_CREDENTIALS',
                detail: 'Wrong password',
                errors: { password: 'Wrong password' },
              }),
              { status: 401, headers: { 'content-type': 'application/problem+json' } },
            )
          : usual(input, init),
      ),
    );
    renderApp('/account');
    const email = await screen.findByRole('region', { name: 'Email' });
    const password = screen.getByRole('region', { name: 'Password' });
    fireEvent.change(within(email).getByLabelText('New email'), {
      target: { value: 'new@example.test' },
    });
    fireEvent.change(within(email).getByLabelText('Confirm email'), {
      target: { value: 'new@example.test' },
    });
    fireEvent.change(within(email).getByLabelText('Current password'), {
      target: { value: 'not the password' },
    });
    fireEvent.click(within(email).getByRole('button', { name: 'Update Email' }));

    expect(await within(email).findByText('Wrong password')).toBeTruthy();
    expect(within(password).queryByText('Wrong password')).toBeNull();
  });

  it('let a business change its sector, and ask a client for none', async () => {
    stubApi(seller, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    const { unmount } = renderApp('/account');
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByRole('combobox', { name: 'Sector' }).textContent).toBe('Beauty');
    unmount();

    stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    renderApp('/account');
    const clientPersonal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(clientPersonal).queryByRole('combobox', { name: 'Sector' })).toBeNull();
  });
});

describe('the location section', () => {
  it('moves the saved point to a town found by name and keeps the address written', async () => {
    stubApi(
      { ...buyer, location: { address: 'Rua Augusta 1', lat: 41.15, lng: -8.61 } },
      {
        '/api/v1/plans': plans,
        '/api/v1/me/gallery': { gallery: [] },
        '/api/v1/places': lisbPlaces,
      },
    );
    renderApp('/account');
    const location = await screen.findByRole('region', { name: 'Choose location' });
    expect(within(location).getByLabelText<HTMLInputElement>('Latitude').value).toBe('41.15');
    const search = await within(location).findByRole('combobox', {
      name: 'Find your town or city',
    });
    fireEvent.change(search, { target: { value: 'lisb' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Lisbon/ }));

    expect(within(location).getByLabelText<HTMLInputElement>('Latitude').value).toBe('38.716670');
    expect(within(location).getByLabelText<HTMLInputElement>('Longitude').value).toBe('-9.133330');
    expect(within(location).getByLabelText<HTMLInputElement>('Location address').value).toBe(
      'Rua Augusta 1',
    );
  });
});
