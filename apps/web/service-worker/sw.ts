// The service worker (/sw.js, built by ../service-worker-plugin.ts): the app shell offline and web
// push notifications. Workbox precaches the shell the build lists, a cache per build; pages are
// always asked of the network first, and the API, sockets, uploads and health paths are never
// touched: the browser fetches them as if there were no worker.
import { cacheNames, setCacheNameDetails } from 'workbox-core';
import { matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute, Route } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;
/** The build's id: the caches' version. */
declare const __BUILD_ID__: string;
/** What the build precaches: the pages' HTML (revisioned by the build) and the hashed shell. */
declare const __PRECACHE__: PrecacheEntry[];
/** The page URL that stands in offline for each first path segment ('' is `/`). */
declare const __OFFLINE_PAGES__: Record<string, string>;

const PREFIX = 'maya';
setCacheNameDetails({ prefix: PREFIX, suffix: __BUILD_ID__ });
const ASSETS_CACHE = `${PREFIX}-assets-${__BUILD_ID__}`;

/** Paths the worker never answers: every request there goes to the server as it is. */
const NEVER =
  /^\/(?:api\/|socket\.io\/|uploads\/|metrics|readyz|healthz|chats\/|mainfolder\/|user\/)/;

precache(__PRECACHE__);

self.addEventListener('install', () => {
  // A new build takes over once its shell is cached; the pages load their new code on the next
  // navigation, which always asks the network first.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Pages start their request while the worker wakes up.
      await self.registration.navigationPreload?.enable();
      // The caches of older builds go.
      const current = new Set([cacheNames.precache, ASSETS_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith(`${PREFIX}-`) && !current.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// Pages: the network first, always (nothing is stored); offline, the build's page for the same
// first path segment, or the landing page's, which routes any URL in the browser.
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch (error) {
        const segment = options.url.pathname.split('/')[1] ?? '';
        const landing = __OFFLINE_PAGES__[''] ?? '/';
        const offline =
          (await matchPrecache(__OFFLINE_PAGES__[segment] ?? landing)) ??
          (await matchPrecache(landing));
        if (offline) return offline;
        throw error;
      }
    },
    { denylist: [NEVER] },
  ),
);

// Hashed build files never change: from the precache or the cache of this build, else fetched
// once. Other same-origin files (icons, the brand images, the manifest) from the precache when
// they are in it.
const assets = new CacheFirst({ cacheName: ASSETS_CACHE });
registerRoute(
  new Route(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      url.pathname.startsWith('/assets/') &&
      request.method === 'GET',
    async (options) => (await matchPrecache(options.request)) ?? assets.handle(options),
  ),
);
registerRoute(
  new Route(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      !NEVER.test(url.pathname) &&
      /^\/(?:icons\/|favicon\.svg|logo\.svg|maya\.svg|manifest\.webmanifest)/.test(url.pathname) &&
      request.method === 'GET',
    async ({ request }) => (await matchPrecache(request)) ?? fetch(request),
  ),
);

/** What the server sends (apps/server/src/modules/notifications/push.service.ts, PushPayload). */
interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

function readPayload(event: PushEvent): PushPayload | undefined {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (typeof data?.title !== 'string' || typeof data.url !== 'string') return undefined;
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : 'maya',
      url: data.url,
    };
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notification per chat: the newest message replaces the one shown, and alerts again.
      tag: payload.tag,
      renotify: true,
      data: { url: payload.url },
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  // Only a path of this app: a notification never opens another site.
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/inbox';
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        const focused = await open.focus();
        const navigated = await focused.navigate(target.href).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

/** An API call of the signed-in person, as the app makes it (cookie session, CSRF header). */
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      'x-requested-with': 'fetch',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function endpointKey(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The browser replaced its subscription (it expired, or the push service renewed it): the new one
 * is saved for whoever is signed in and the old one deleted, so notifications keep arriving.
 */
async function renewSubscription(
  old: PushSubscription | null,
  renewed: PushSubscription | null,
): Promise<void> {
  const answer = await api('/me/push');
  if (!answer.ok) return;
  const { publicKey } = (await answer.json()) as { publicKey: string | null };
  if (!publicKey) return;
  const key = Uint8Array.from(
    atob(publicKey.replaceAll('-', '+').replaceAll('_', '/')),
    (character) => character.charCodeAt(0),
  );
  const subscription =
    renewed ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    }));
  await api('/me/push-subscriptions', { method: 'POST', body: subscription.toJSON() });
  if (old && old.endpoint !== subscription.endpoint) {
    await api(`/me/push-subscriptions/${await endpointKey(old.endpoint)}`, { method: 'DELETE' });
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
  };
  change.waitUntil(
    renewSubscription(change.oldSubscription ?? null, change.newSubscription ?? null),
  );
});
