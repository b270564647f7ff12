import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it, onTestFinished } from 'vitest';
import { failingStore, freezableStore, silentStore } from '../../test/limiter-stores.js';
import { AppError } from './app-error.js';
import {
  boundedStore,
  createLimiter,
  memoryStore,
  type FallbackReason,
  type LimiterStore,
  type StoreBound,
} from './limiter.js';

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

/** A bounded store that records its fallbacks and its outages' starts and ends. */
function recorded(store: LimiterStore, bound: StoreBound) {
  const fallbacks: FallbackReason[] = [];
  const downs: string[] = [];
  const ups: { ms: number; fallbacks: number }[] = [];
  return {
    fallbacks,
    downs,
    ups,
    store: boundedStore(store, {
      ...bound,
      onFallback: (reason) => fallbacks.push(reason),
      onDown: (reason) => downs.push(reason),
      onUp: (outage) => ups.push(outage),
    }),
  };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await work;
  return { value, ms: performance.now() - startedAt };
}

describe('bounded store', () => {
  it('answers from memory within the bound when the store never answers, and reports the outage once', async () => {
    const bounded = recorded(silentStore, { timeoutMs: 200, retryMs: 60_000 });
    const limiter = createLimiter({
      name: 'frozen',
      limit: 2,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
      store: bounded.store,
    });

    const first = await timed(limiter.consume('ip:1'));
    expect(first.value).toBe(1);
    expect(first.ms).toBeGreaterThanOrEqual(190);
    expect(first.ms).toBeLessThan(2_000);
    // Down: the next calls go to memory without waiting for the store.
    const second = await timed(limiter.consume('ip:1'));
    expect(second.value).toBe(2);
    expect(second.ms).toBeLessThan(150);
    await expect(limiter.consume('ip:1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '60' },
    });
    // Every call on the store is bounded, not only consume.
    const rest = await timed(
      (async () => {
        await limiter.reward('ip:1');
        const counted = await limiter.count('ip:1');
        await limiter.penalize('ip:1');
        await limiter.reset('ip:1');
        return [counted, await limiter.count('ip:1')];
      })(),
    );
    expect(rest.value).toEqual([2, 0]);
    expect(rest.ms).toBeLessThan(150);

    expect(bounded.fallbacks[0]).toBe('slow');
    expect(bounded.fallbacks.slice(1).every((reason) => reason === 'down')).toBe(true);
    expect(bounded.fallbacks.length).toBeGreaterThanOrEqual(8);
    expect(bounded.downs).toEqual(['slow']);
    expect(bounded.ups).toEqual([]);
  });

  it('offers the store one call per retry while it is down, and counts there again once it answers', async () => {
    const frozen = freezableStore();
    const bounded = recorded(frozen.store, { timeoutMs: 100, retryMs: 300 });
    const options = { name: 'thaw', limit: 100, windowMs: 60_000, message: '' };
    const limiter = createLimiter({ ...options, store: bounded.store });
    // The store's own counts, read without the bound.
    const inStore = createLimiter({ ...options, store: frozen.store });

    expect(await limiter.consume('k')).toBe(1);
    frozen.freeze();
    expect(await limiter.consume('k')).toBe(1);
    expect(await limiter.consume('k')).toBe(2);
    frozen.thaw();
    // The call given up is carried out when the store thaws: counts err on the high side.
    expect(await inStore.count('k')).toBe(2);
    // Not yet retried: still memory.
    expect(await limiter.consume('k')).toBe(3);
    expect(bounded.fallbacks).toEqual(['slow', 'down', 'down']);

    await sleep(350);
    expect(await limiter.consume('k')).toBe(3);
    expect(await inStore.count('k')).toBe(3);
    expect(await limiter.consume('k')).toBe(4);
    expect(bounded.downs).toEqual(['slow']);
    expect(bounded.ups).toHaveLength(1);
    expect(bounded.ups[0]).toMatchObject({ fallbacks: 3 });
    expect(bounded.ups[0]!.ms).toBeGreaterThanOrEqual(300);
  });

  it('while the store stays frozen, a retry costs one call the bound, and the others none', async () => {
    const bounded = recorded(silentStore, { timeoutMs: 100, retryMs: 150 });
    const limiter = createLimiter({
      name: 'still',
      windowMs: 60_000,
      message: '',
      store: bounded.store,
    });
    await limiter.penalize('k');
    await sleep(200);
    const side = await timed(Promise.all([0, 1, 2, 3].map(() => limiter.penalize('k'))));
    expect(side.value.sort()).toEqual([2, 3, 4, 5]);
    // The three beside the retry answer at once; the retry, the bound later.
    expect(bounded.fallbacks).toEqual(['slow', 'down', 'down', 'down', 'slow']);
    expect(side.ms).toBeLessThan(2_000);
    expect(bounded.downs).toHaveLength(1);
  });

  it('answers from memory at once when the store fails, and leaves no late failure unhandled', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const failing = recorded(failingStore(), { timeoutMs: 5_000 });
      const gone = createLimiter({
        name: 'gone',
        windowMs: 60_000,
        message: '',
        store: failing.store,
      });
      const answer = await timed(gone.consume('k'));
      expect(answer.value).toBe(1);
      expect(answer.ms).toBeLessThan(1_000);
      expect(failing.fallbacks).toEqual(['failed']);
      expect(failing.downs).toEqual(['failed']);

      // Given up after 20 ms, the calls fail 100 ms later, where nobody waits for them.
      const late = recorded(failingStore(100), { timeoutMs: 20, retryMs: 0 });
      const slow = createLimiter({
        name: 'late',
        windowMs: 60_000,
        message: '',
        store: late.store,
      });
      expect(await slow.consume('k')).toBe(1);
      expect(await slow.count('k')).toBe(1);
      await slow.reset('k');
      await sleep(250);
      expect(late.fallbacks).toEqual(['slow', 'slow', 'slow']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('takes an answer that arrived while the process was busy past the bound as in time', async () => {
    // An echo server in a process of its own answers while this one is busy.
    const echo = spawn(
      process.execPath,
      [
        '-e',
        "const s = require('net').createServer((c) => c.pipe(c)).listen(0, '127.0.0.1', () => console.log(s.address().port))",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    onTestFinished(() => void echo.kill());
    const [port] = (await once(echo.stdout, 'data')) as [Buffer];
    const socket = connect(Number(port.toString()), '127.0.0.1');
    onTestFinished(() => void socket.destroy());
    await once(socket, 'connect');
    // Each consume is one round trip to the echo server, then counted in memory.
    const echoing: LimiterStore = (options) => {
      const counter = new RateLimiterMemory(options);
      return new Proxy(counter, {
        get(target, property, receiver) {
          if (property !== 'consume') return Reflect.get(target, property, receiver) as unknown;
          return (key: string) =>
            new Promise((resolve) => {
              socket.once('data', () => resolve(target.consume(key)));
              socket.write('x');
            });
        },
      });
    };
    const bounded = recorded(echoing, { timeoutMs: 50 });
    const limiter = createLimiter({
      name: 'busy',
      windowMs: 60_000,
      message: '',
      store: bounded.store,
    });
    expect(await limiter.consume('k')).toBe(1);

    const answer = limiter.consume('k');
    const busyUntil = Date.now() + 300;
    while (Date.now() < busyUntil) {
      // Busy: the echo arrives meanwhile, and the bound's timer is overdue.
    }
    expect(await answer).toBe(2);
    expect(bounded.fallbacks).toEqual([]);
    expect(bounded.downs).toEqual([]);
  });

  it("takes a refusal as the store's answer, not as a failure", async () => {
    const bounded = recorded(memoryStore, { timeoutMs: 200 });
    const limiter = createLimiter({
      name: 'answering',
      limit: 1,
      windowMs: 60_000,
      message: 'Wait {seconds} s.',
      store: bounded.store,
    });
    await limiter.consume('k');
    const refusal = await limiter.consume('k').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED' });
    expect(bounded.fallbacks).toEqual([]);
    expect(bounded.downs).toEqual([]);
  });
});
