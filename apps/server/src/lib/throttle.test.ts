import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error.js';
import type { LimiterStore } from './limiter.js';
import { createThrottle } from './throttle.js';

/** A memory store that counts the takes it is asked for. */
function countingStore() {
  const asked = { takes: 0 };
  const store: LimiterStore = (options) => {
    const limiter = new RateLimiterMemory(options);
    const consume = limiter.consume.bind(limiter);
    limiter.consume = (...args) => {
      asked.takes += 1;
      return consume(...args);
    };
    return limiter;
  };
  return { store, asked };
}

/** How many of `count` single takes started together the throttle lets through. */
async function takenTogether(take: () => Promise<unknown>, count: number) {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, take));
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      expect(outcome.reason).toMatchObject({ code: 'RATE_LIMITED' });
    }
  }
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

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
    for (let take = 0; take < 3; take += 1) await throttle.take('ip:1');
    vi.advanceTimersByTime(15_000);
    const refusal = await throttle.take('ip:1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Wait 45 s.',
      headers: { 'retry-after': '45' },
    });
    // Other keys are unaffected.
    await expect(throttle.take('ip:2')).resolves.toMatchObject({ amount: 1 });

    vi.advanceTimersByTime(45_000);
    for (let take = 0; take < 3; take += 1) await throttle.take('ip:1');
    await expect(throttle.take('ip:1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('lets exactly the limit through of 200 takes started together, asking the store twice', async () => {
    const { store, asked } = countingStore();
    const throttle = createThrottle({
      name: 'test',
      max: 60,
      windowMs: 60_000,
      message: '',
      store,
    });
    expect(await takenTogether(() => throttle.take('user:1'), 200)).toBe(60);
    // The first alone, then the 199 that arrived while it was counted, in one step.
    expect(asked.takes).toBe(2);
  });

  it('fits the takes of one batch in arrival order, passing over one too big for what is left', async () => {
    const throttle = createThrottle({ name: 'test', max: 60, windowMs: 60_000, message: '' });
    const outcomes = await Promise.allSettled([
      throttle.take('user:1'),
      throttle.take('user:1', 60),
      ...Array.from({ length: 10 }, () => throttle.take('user:1')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      ...Array(10).fill('fulfilled'),
    ]);
    await expect(throttle.take('user:1', 49)).resolves.toMatchObject({ amount: 49 });
    await expect(throttle.take('user:1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('takes several at once or none: a refused amount leaves the rest of the window to others', async () => {
    const throttle = createThrottle({
      name: 'test',
      max: 60,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
    });
    await throttle.take('user:1', 50);
    vi.advanceTimersByTime(20_000);
    await expect(throttle.take('user:1', 11)).rejects.toMatchObject({
      detail: 'Wait 40 s.',
      headers: { 'retry-after': '40' },
    });
    await expect(throttle.take('user:1', 10)).resolves.toMatchObject({ amount: 10 });
    await expect(throttle.take('user:1')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // More than a whole window holds is refused even with nothing used, and takes nothing.
    await expect(throttle.take('user:2', 61)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(throttle.take('user:2', 60)).resolves.toMatchObject({ amount: 60 });
  });

  it('gives back what a hold shrinks by, and grows one only while the window has room', async () => {
    const throttle = createThrottle({ name: 'test', max: 10, windowMs: 60_000, message: '' });
    const hold = await throttle.take('user:1', 8);
    await hold.resize(3);
    expect(hold.amount).toBe(3);
    await expect(throttle.take('user:1', 7)).resolves.toMatchObject({ amount: 7 });

    // Full: growing is refused and keeps what was held; giving it all back frees it.
    await expect(hold.resize(4)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(hold.amount).toBe(3);
    await hold.resize(0);
    await expect(throttle.take('user:1', 3)).resolves.toMatchObject({ amount: 3 });

    const growing = await throttle.take('user:2', 2);
    await growing.resize(10);
    expect(growing.amount).toBe(10);
    await expect(throttle.take('user:2')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await growing.resize(9);
    await expect(throttle.take('user:2')).resolves.toMatchObject({ amount: 1 });
  });

  it('never gives back into a later window than the one taken from', async () => {
    const throttle = createThrottle({ name: 'test', max: 5, windowMs: 60_000, message: '' });
    const hold = await throttle.take('user:1', 5);
    vi.advanceTimersByTime(60_000);
    await hold.resize(0);
    expect(await takenTogether(() => throttle.take('user:1'), 10)).toBe(5);
  });

  it('refuses a key it refused without asking the store again until its window ends, when nothing is given back', async () => {
    const { store, asked } = countingStore();
    const throttle = createThrottle({
      name: 'typing',
      max: 30,
      windowMs: 10_000,
      message: 'Too many.',
      store,
      remembersRefusals: true,
    });
    let allowed = 0;
    for (let event = 0; event < 5_000; event += 1) {
      allowed += await throttle.take('user:1').then(
        () => 1,
        () => 0,
      );
    }
    expect(allowed).toBe(30);
    // The thirty allowed and the one refusal.
    expect(asked.takes).toBe(31);
    await expect(throttle.take('user:2')).resolves.toMatchObject({ amount: 1 });

    vi.advanceTimersByTime(10_000);
    await expect(throttle.take('user:1')).resolves.toMatchObject({ amount: 1 });
    expect(asked.takes).toBe(33);
  });
});
