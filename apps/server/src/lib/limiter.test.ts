import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createLimiter } from './limiter.js';

describe('limiter', () => {
  it('refuses after the limit with the seconds left, then lets the key in again when the window ends', async () => {
    const throttle = createLimiter({
      name: 'test',
      limit: 3,
      windowMs: 300,
      message: 'Wait {seconds} s.',
    });
    const counts = [];
    for (let hit = 0; hit < 3; hit += 1) counts.push(await throttle.consume('ip:1'));
    expect(counts).toEqual([1, 2, 3]);

    const refusal = await throttle.consume('ip:1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Wait 1 s.',
      headers: { 'retry-after': '1' },
    });
    // Other keys are unaffected.
    await expect(throttle.consume('ip:2')).resolves.toBe(1);

    await sleep(350);
    expect(await throttle.count('ip:1')).toBe(0);
    await expect(throttle.consume('ip:1')).resolves.toBe(1);
  });

  it('counts without refusing, gives attempts back but never below zero, and forgets on reset', async () => {
    const counter = createLimiter({ name: 'counter', windowMs: 60_000, message: '' });
    for (let hit = 0; hit < 50; hit += 1) await counter.penalize('account:a');
    await expect(counter.consume('account:a')).resolves.toBe(51);

    const throttle = createLimiter({ name: 'limit', limit: 1, windowMs: 60_000, message: '' });
    await throttle.reward('account:b');
    await throttle.consume('account:b');
    await expect(throttle.consume('account:b')).rejects.toThrow(AppError);
    // The refused attempt counted too: two to give back, then nothing.
    expect(await throttle.count('account:b')).toBe(2);
    for (let gift = 0; gift < 3; gift += 1) await throttle.reward('account:b');
    await expect(throttle.consume('account:b')).resolves.toBe(1);
    await throttle.reset('account:b');
    expect(await throttle.count('account:b')).toBe(0);
  });
});
