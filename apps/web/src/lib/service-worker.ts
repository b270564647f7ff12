import { browserIdle } from './when-idle';

/** Settles once the screen is live: `<html data-ready>` (set by the router) is there. */
function screenLive(): Promise<void> {
  const root = document.documentElement;
  if (root.dataset.ready !== undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (root.dataset.ready === undefined) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-ready'] });
  });
}

const idle = () => browserIdle(5_000);

/**
 * How long a first visit has the page to itself before the worker is installed. Installing it
 * fetches every screen's first-paint code and the shells (about a hundred files) and compiles
 * them; on a phone that competes with the first seconds of use for the CPU and the network.
 */
export const FIRST_INSTALL_DELAY_MS = 10_000;

/**
 * Registers the service worker (/sw.js: the app shell offline, web push) once the page has loaded,
 * its screen is live and the browser is idle, so it never competes with a first paint; on a first
 * visit (no worker in control yet), FIRST_INSTALL_DELAY_MS later still. The worker checks for a
 * new build on every navigation (`updateViaCache: 'none'`). Turning on notifications registers it
 * at once (registerServiceWorkerNow).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await screenLive();
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => setTimeout(resolve, FIRST_INSTALL_DELAY_MS));
  }
  await idle();
  await register();
}

const register = () =>
  navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });

/** The service worker's registration once it is active, registering it now if it is not yet. */
export async function registerServiceWorkerNow(): Promise<ServiceWorkerRegistration> {
  await register();
  return navigator.serviceWorker.ready;
}
