import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_INSTALL_DELAY_MS, registerServiceWorker } from './service-worker';

/** A browser's service worker container: `controller` when a worker already serves the page. */
function fakeContainer(controller: object | null) {
  const register = vi.fn(() => Promise.resolve({}));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller, register },
  });
  return register;
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.documentElement.dataset.ready = '';
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.ready;
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('installs on a first visit only once the page has had the first seconds to itself', async () => {
    const register = fakeContainer(null);
    const registering = registerServiceWorker();

    await vi.advanceTimersByTimeAsync(FIRST_INSTALL_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(5_000);
    await registering;
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('checks an installed worker for a new build as soon as the browser is idle', async () => {
    const register = fakeContainer({});
    const registering = registerServiceWorker();

    await vi.advanceTimersByTimeAsync(1_000);
    await registering;
    expect(register).toHaveBeenCalledOnce();
  });

  it('waits for the screen to be live first', async () => {
    delete document.documentElement.dataset.ready;
    const register = fakeContainer({});
    const registering = registerServiceWorker();

    await vi.advanceTimersByTimeAsync(FIRST_INSTALL_DELAY_MS * 2);
    expect(register).not.toHaveBeenCalled();

    document.documentElement.dataset.ready = '';
    await vi.advanceTimersByTimeAsync(1_000);
    await registering;
    expect(register).toHaveBeenCalledOnce();
  });
});
