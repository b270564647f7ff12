import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error.js';
import { createThrottle } from './throttle.js';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses after the limit with the seconds left, then lets the key in again when the window ends', async () => {
    const throttle = createThrottle({
      name: 'test',
      max: 3,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
    });
    for (let hit = 0; hit < 3; hit += 1) {
      await throttle.check('ip:1');
      await throttle.hit('ip:1');
    }
    expect(await throttle.count('ip:1')).toBe(3);
    vi.advanceTimersByTime(15_000);
    let refusal: unknown;
    try {
      await throttle.check('ip:1');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Wait 45 s.',
      headers: { 'retry-after': '45' },
    });
    // Other keys are unaffected.
    await expect(throttle.check('ip:2')).resolves.toBeUndefined();

    vi.advanceTimersByTime(45_000);
    await expect(throttle.check('ip:1')).resolves.toBeUndefined();
    expect(await throttle.count('ip:1')).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const throttle = createThrottle({ name: 'test', max: 1, windowMs: 60_000, message: '' });
    await throttle.hit('account:a');
    await expect(throttle.check('account:a')).rejects.toThrow();
    await throttle.reset('account:a');
    await expect(throttle.check('account:a')).resolves.toBeUndefined();
  });

  it('checks and counts several hits at once', async () => {
    const throttle = createThrottle({
      name: 'test',
      max: 5,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
    });
    await throttle.check('user:1', 5);
    await throttle.hit('user:1', 3);
    expect(await throttle.count('user:1')).toBe(3);
    vi.advanceTimersByTime(20_000);
    await expect(throttle.check('user:1', 2)).resolves.toBeUndefined();
    await expect(throttle.check('user:1', 3)).rejects.toMatchObject({
      detail: 'Wait 40 s.',
      headers: { 'retry-after': '40' },
    });
    // More than a whole window holds is refused even with nothing used.
    await expect(throttle.check('user:2', 6)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
