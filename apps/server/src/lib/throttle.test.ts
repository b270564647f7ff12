import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createThrottle } from './throttle.js';

describe('throttle', () => {
  it('refuses after the limit with the seconds left, then lets the key in again when the window ends', () => {
    let clock = 1_000_000;
    const throttle = createThrottle({
      max: 3,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
      now: () => clock,
    });
    for (let hit = 0; hit < 3; hit += 1) {
      throttle.check('ip:1');
      throttle.hit('ip:1');
    }
    expect(throttle.count('ip:1')).toBe(3);
    clock += 15_000;
    let refusal: unknown;
    try {
      throttle.check('ip:1');
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
    expect(() => throttle.check('ip:2')).not.toThrow();

    clock += 45_000;
    expect(() => throttle.check('ip:1')).not.toThrow();
    expect(throttle.count('ip:1')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const throttle = createThrottle({ max: 1, windowMs: 60_000, message: '' });
    throttle.hit('account:a');
    expect(() => throttle.check('account:a')).toThrow();
    throttle.reset('account:a');
    expect(() => throttle.check('account:a')).not.toThrow();
  });

  it('checks and counts several hits at once', () => {
    let clock = 1_000_000;
    const throttle = createThrottle({
      max: 5,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
      now: () => clock,
    });
    throttle.check('user:1', 5);
    throttle.hit('user:1', 3);
    expect(throttle.count('user:1')).toBe(3);
    clock += 20_000;
    expect(() => throttle.check('user:1', 2)).not.toThrow();
    expect(() => throttle.check('user:1', 3)).toThrow(
      expect.objectContaining({ detail: 'Wait 40 s.', headers: { 'retry-after': '40' } }),
    );
    // More than a whole window holds is refused even with nothing used.
    expect(() => throttle.check('user:2', 6)).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED' }),
    );
  });
});
