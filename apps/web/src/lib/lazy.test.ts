import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './lazy';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

afterEach(() => vi.restoreAllMocks());

describe('loading code when the connection drops', () => {
  it('online, gives a failure as it came', async () => {
    setOnline(true);
    const load = vi
      .fn()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadWhenOnline(load)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offline, waits for the connection and loads again, without failing', async () => {
    setOnline(false);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: 'the part' });
    let settled = false;
    const loading = loadWhenOnline(load).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toEqual({ default: 'the part' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
