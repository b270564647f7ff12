import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { endpointKey } from '../../lib/push';
import { buyer, renderApp, stubApi, urlOf } from '../../test/render-app';
import { plans } from '../../test/fixtures';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.test/send/device-1';
const subscriptionJson = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

const answers = (publicKey: string | null) => ({
  '/api/v1/plans': plans,
  '/api/v1/me/gallery': { gallery: [] },
  '/api/v1/me/notifications': { messageMail: 'digest', messageText: true, language: 'en' },
  '/api/v1/me/push': { publicKey },
});

/**
 * The API as the tables answer it, with the push subscriptions kept like the server keeps them:
 * saved by a POST, looked up and deleted by key.
 */
function stubPushApi(publicKey: string | null, saved: Set<string> = new Set()) {
  const base = stubApi(buyer, answers(publicKey));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const match = url.pathname.match(/^\/api\/v1\/me\/push-subscriptions(?:\/([\w-]+))?$/);
    if (!match) return base(input, init);
    const json = (status: number, body: unknown) =>
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    const key = match[1];
    if (init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { endpoint: string };
      const created = await endpointKey(body.endpoint);
      saved.add(created);
      return json(201, { key: created, createdAt: '2026-01-01T00:00:00.000Z' });
    }
    if (key && saved.has(key)) {
      if (init?.method === 'DELETE') {
        saved.delete(key);
        return json(204, null);
      }
      return json(200, { key, createdAt: '2026-01-01T00:00:00.000Z' });
    }
    return json(404, {
      type: '/api/errors#not-found',
      title: 'Not found',
      status: 404,
      code: 'NOT_FOUND',
      detail: 'This browser is not subscribed.',
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, saved };
}

/** A browser that has the Push API: its service worker, push manager and permission prompt. */
function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
} = {}) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const makeSubscription = () =>
    ({
      endpoint: ENDPOINT,
      toJSON: () => subscriptionJson,
      unsubscribe,
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSubscription();
  const subscribe = vi.fn(async () => {
    current = makeSubscription();
    return current;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  } as unknown as ServiceWorkerRegistration;
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await act(() => setLanguage('en'));
});

const deviceSection = () => screen.findByRole('region', { name: 'Notifications on this device' });

describe('notifications on this device', () => {
  it('says the server does not offer them, and shows no switch', async () => {
    stubPushBrowser();
    stubPushApi(null);
    renderApp('/account');
    const section = await deviceSection();
    expect(
      await within(section).findByText(/Notifications on devices are not available on this server/),
    ).toBeTruthy();
    expect(within(section).queryByRole('switch')).toBeNull();
  });

  it('says when the browser cannot show notifications', async () => {
    stubPushApi(PUBLIC_KEY);
    renderApp('/account');
    const section = await deviceSection();
    expect(
      await within(section).findByText(/This browser cannot show notifications from websites/),
    ).toBeTruthy();
    expect(within(section).queryByRole('switch')).toBeNull();
  });

  it('is off by default, asks permission only on the click, then subscribes with the server key and saves it', async () => {
    const browser = stubPushBrowser();
    const { fetchMock, saved } = stubPushApi(PUBLIC_KEY);
    renderApp('/account');
    const section = await deviceSection();
    const toggle = await within(section).findByRole<HTMLInputElement>('switch', {
      name: 'Notify me about new messages',
    });
    expect(toggle.checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(toggle);

    expect(await screen.findByText('Notifications are on for this device')).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(
      PUBLIC_KEY,
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(init!.body as string) as unknown)).toEqual([
      subscriptionJson,
    ]);
    expect(saved).toEqual(new Set([await endpointKey(ENDPOINT)]));
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('explains how to allow notifications again when the browser blocks them', async () => {
    const browser = stubPushBrowser({ answer: 'denied' });
    const { fetchMock } = stubPushApi(PUBLIC_KEY);
    renderApp('/account');
    const section = await deviceSection();
    fireEvent.click(await within(section).findByRole('switch'));

    expect(
      await within(section).findByText(/Notifications are blocked for Maya Market in this browser/),
    ).toBeTruthy();
    expect(within(section).getByRole<HTMLInputElement>('switch').disabled).toBe(true);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows a subscribed browser as on, and switching off deletes its subscription and drops it', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const key = await endpointKey(ENDPOINT);
    const { saved } = stubPushApi(PUBLIC_KEY, new Set([key]));
    renderApp('/account');
    const section = await deviceSection();
    const toggle = await within(section).findByRole<HTMLInputElement>('switch');
    await waitFor(() => expect(toggle.checked).toBe(true));

    fireEvent.click(toggle);

    expect(await screen.findByText('Notifications are off for this device')).toBeTruthy();
    expect(saved.size).toBe(0);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('speaks Portuguese', async () => {
    stubPushBrowser();
    stubPushApi(null);
    await act(() => setLanguage('pt'));
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Notificações neste dispositivo' });
    expect(await within(section).findByText(/não estão disponíveis neste servidor/)).toBeTruthy();
  });
});
