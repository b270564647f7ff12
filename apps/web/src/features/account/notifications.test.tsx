import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@maya/contracts';
import { setLanguage } from '../../lib/i18n';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';
import { plans } from '../../test/fixtures';

const saved: NotificationSettings = { messageMail: 'each', messageText: false, language: 'en' };

const answers = {
  '/api/v1/plans': plans,
  '/api/v1/me/gallery': { gallery: [] },
  '/api/v1/me/notifications': saved,
};

/** The bodies of the PATCHes sent to the settings. */
const patches = (fetchMock: Mock) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        urlOf(input as RequestInfo).endsWith('/me/notifications') &&
        (init as RequestInit | undefined)?.method === 'PATCH',
    )
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('the email notifications section', () => {
  it('shows the saved choice and saves the new one with the language in use', async () => {
    const fetchMock = stubApi(buyer, answers);
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Email notifications' });
    const group = await within(section).findByRole('radiogroup');
    expect(within(section).getByRole('group', { name: 'Email me about unread messages' })).toBe(
      group.closest('fieldset'),
    );
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(
      within(group).getByRole<HTMLInputElement>('radio', { name: /^Every message/ }).checked,
    ).toBe(true);
    const text = within(section).getByRole<HTMLInputElement>('switch', {
      name: 'Include message text in emails',
    });
    expect(text.checked).toBe(false);
    expect(within(section).getByText(/Emails go to ana@example.test/)).toBeTruthy();

    fireEvent.click(within(group).getByRole('radio', { name: /^A digest of unread messages/ }));
    fireEvent.click(text);
    fireEvent.click(within(section).getByRole('button', { name: 'Save notifications' }));

    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([
      { messageMail: 'digest', messageText: true, language: 'en' },
    ]);
  });

  it('says that mails wait for a confirmed address', async () => {
    stubApi({ ...buyer, emailVerified: false }, answers);
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Email notifications' });
    expect(
      within(section).getByText(/Emails go only to a confirmed address: confirm ana@example.test/),
    ).toBeTruthy();
  });

  it('sets the mail language when the interface language is switched while signed in', async () => {
    const fetchMock = stubApi(buyer, answers);
    renderApp('/account');
    await screen.findByRole('region', { name: 'Email notifications' });
    // The layout loads what runs beside a signed-in screen lazily, in one chunk: once the unread
    // total is asked for, the part that listens to the language is mounted too.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) =>
          urlOf(input as RequestInfo).includes('/chats/unread'),
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Português (PT)' }));

    expect(await screen.findByRole('region', { name: 'Notificações por e-mail' })).toBeTruthy();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: 'pt-BR' }]));
  });
});
