import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buyer, renderApp, seller, stubApi, urlOf } from '../../test/render-app';
import { lisbPlaces, plans } from '../../test/fixtures';

describe('account', () => {
  it("shows a business its two tabs, its business name, its logo's button and its plan", async () => {
    stubApi(seller, {
      '/api/v1/plans': plans,
      '/api/v1/me/gallery': { gallery: [] },
    });
    renderApp('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Information' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile Details' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Business name/).value).toBe('Glow Studio');
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Change logo' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Gallery' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Plans and Billing' }));
    expect(await screen.findByText('Your Current Plan: Free')).toBeTruthy();
  });

  it('shows a client their names and photo, and no plans or gallery (a business offer)', async () => {
    stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    renderApp('/account');
    expect((await screen.findByLabelText<HTMLInputElement>(/^First name/)).value).toBe('Ana');
    expect(screen.getByDisplayValue('ana@example.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Plans and Billing' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Gallery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose images' })).toBeNull();
  });

  it("opens the gallery's file picker from a real button (no label playing a button)", async () => {
    stubApi(seller, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
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

  it('mark the current password, not the new one, when the current password is wrong', async () => {
    const usual = stubApi(buyer, { '/api/v1/plans': plans, '/api/v1/me/gallery': { gallery: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        urlOf(input).endsWith('/me/password')
          ? new Response(
              JSON.stringify({
                type: '/api/errors#validation-failed',
                title: 'Validation failed',
                status: 400,
                code: 'VALIDATION_FAILED',
                detail: 'Your current password is not correct.',
                errors: { currentPassword: 'Incorrect password' },
              }),
              { status: 400, headers: { 'content-type': 'application/problem+json' } },
            )
          : usual(input, init),
      ),
    );
    renderApp('/account');
    const password = await screen.findByRole('region', { name: 'Password' });
    const current = within(password).getByLabelText('Current password');
    const fresh = within(password).getByLabelText('New password');
    const again = within(password).getByLabelText('Confirm new password');
    fireEvent.change(current, { target: { value: 'not the password' } });
    fireEvent.change(fresh, { target: { value: 'a brand new passphrase' } });
    fireEvent.change(again, { target: { value: 'a brand new passphrase' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Update Password' }));

    expect(await within(password).findByText('Incorrect password')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(fresh.getAttribute('aria-invalid')).toBe('false');
    expect(again.getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(current);
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
  it('moves the saved point and the address to a town found by name, offering the old address back', async () => {
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
    // The address follows the town, so the profile does not name Porto with a pin in Lisbon…
    const address = within(location).getByLabelText<HTMLInputElement>('Location address');
    expect(address.value).toBe('Lisbon, Portugal');
    // …and the one written before is offered back, in case only the pin was meant to move.
    fireEvent.click(within(location).getByRole('button', { name: 'Keep the old address' }));
    expect(address.value).toBe('Rua Augusta 1');
  });

  it('keeps an address already in the town chosen', async () => {
    stubApi(
      { ...buyer, location: { address: 'Rua Augusta 1, Lisbon', lat: 38.71, lng: -9.13 } },
      {
        '/api/v1/plans': plans,
        '/api/v1/me/gallery': { gallery: [] },
        '/api/v1/places': lisbPlaces,
      },
    );
    renderApp('/account');
    const location = await screen.findByRole('region', { name: 'Choose location' });
    const search = await within(location).findByRole('combobox', {
      name: 'Find your town or city',
    });
    fireEvent.change(search, { target: { value: 'lisb' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Lisbon/ }));
    expect(within(location).getByLabelText<HTMLInputElement>('Location address').value).toBe(
      'Rua Augusta 1, Lisbon',
    );
    expect(within(location).queryByRole('button', { name: 'Keep the old address' })).toBeNull();
  });
});
