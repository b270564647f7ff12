import { describe, expect, it } from 'vitest';
import type { Mail } from '../../lib/mailer.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { sameOrigin, signUp } from '../../../test/sessions.js';

/** Mail leaves the process, so it is kept here instead; the rest is the real app. */
function outboxMailer() {
  const sent: Mail[] = [];
  return {
    sent,
    mailer: {
      send: async (mail: Mail) => {
        sent.push(mail);
      },
      close: () => undefined,
    },
  };
}

/** Slow-downs are recorded instead of waited out, so the tests see them without sitting through them. */
function recordedWaits() {
  const waits: number[] = [];
  return {
    waits,
    wait: async (ms: number) => {
      waits.push(ms);
    },
  };
}

/** The same address in another letter case each time: `oWnEr@…`, `OwNeR@…`. */
function mixedCase(email: string, seed: number): string {
  return [...email]
    .map((letter, index) => ((index + seed) % 2 ? letter.toUpperCase() : letter))
    .join('');
}

function cookieValue(
  response: { cookies: { name: string; value: string }[] },
  name: string,
): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

const outbox = outboxMailer();
const slowDowns = recordedWaits();
const { app } = await buildTestApp(
  {},
  { overrides: { mailer: outbox.mailer, signInWait: slowDowns.wait } },
);

function signIn(
  email: string,
  password: string,
  address: string,
  options: { device?: string; url?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/v1/auth/login',
    headers: { ...sameOrigin, ...(options.device && { cookie: `maya_device=${options.device}` }) },
    remoteAddress: address,
    payload: { email, password },
  });
}

describe('sign-in throttling', () => {
  it('lets the owner in with the right password after ten wrong ones from other addresses, in any letter case', async () => {
    const owner = await signUp(app);
    for (let wrong = 0; wrong < 10; wrong += 1) {
      const response = await signIn(
        mixedCase(owner.email, wrong),
        `wrong guess ${wrong}`,
        `203.0.113.${wrong + 1}`,
      );
      expect(response.statusCode).toBe(401);
    }
    const own = await signIn(owner.email.toUpperCase(), owner.password, '198.51.100.7');
    expect(own.statusCode).toBe(200);
    expect(own.json().user.id).toBe(owner.id);
  });

  it('lets the owner in on the old client’s sign-in route too', async () => {
    const owner = await signUp(app);
    for (let wrong = 0; wrong < 12; wrong += 1) {
      const response = await signIn(
        mixedCase(owner.email, wrong),
        `wrong guess ${wrong}`,
        `203.0.113.${wrong + 100}`,
        { url: '/api/user/login' },
      );
      expect(response.statusCode).toBe(401);
    }
    const own = await signIn(mixedCase(owner.email, 1), owner.password, '198.51.100.8', {
      url: '/api/user/login',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ exists: true, data: { _id: owner.id } });
  });

  it('pauses one address guessing one account after ten wrong passwords, with Retry-After', async () => {
    const owner = await signUp(app);
    const statuses: number[] = [];
    for (let wrong = 0; wrong < 10; wrong += 1) {
      const response = await signIn(mixedCase(owner.email, wrong), `guess ${wrong}`, '192.0.2.10');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));

    // Even the right password waits: the address has had its ten guesses at this account.
    const paused = await signIn(owner.email, owner.password, '192.0.2.10', {
      url: '/api/user/login',
    });
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(800);
    expect(paused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/^Too many failed sign-in attempts\. Please wait \d+ s/),
    });
    expect((await signIn(owner.email, owner.password, '192.0.2.10')).statusCode).toBe(429);
    // From anywhere else the owner is let in.
    expect((await signIn(owner.email, owner.password, '192.0.2.11')).statusCode).toBe(200);
  });

  it('pauses one address trying many accounts after thirty wrong passwords', async () => {
    const someone = await signUp(app);
    const statuses: number[] = [];
    for (let wrong = 0; wrong < 30; wrong += 1) {
      const response = await signIn(`nobody-${wrong}@example.test`, 'a guess', '192.0.2.30');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(30).fill(401));
    const paused = await signIn(someone.email, someone.password, '192.0.2.30');
    expect(paused.statusCode).toBe(429);
    expect(paused.headers['retry-after']).toBeDefined();
  });

  it('answers wrong passwords from one address ever more slowly from the sixth', async () => {
    const waitsPerAttempt: number[] = [];
    for (let wrong = 0; wrong < 8; wrong += 1) {
      const before = slowDowns.waits.length;
      const response = await signIn(`stranger-${wrong}@example.test`, 'a guess', '192.0.2.40');
      expect(response.statusCode).toBe(401);
      waitsPerAttempt.push(slowDowns.waits.slice(before).reduce((sum, ms) => sum + ms, 0));
    }
    expect(waitsPerAttempt).toEqual([0, 0, 0, 0, 0, 250, 500, 1_000]);
  });

  it('slows, rather than refuses, an account guessed from many addresses', async () => {
    const owner = await signUp(app);
    for (let wrong = 0; wrong < 20; wrong += 1) {
      const response = await signIn(owner.email, `guess ${wrong}`, `198.18.0.${wrong + 1}`);
      expect(response.statusCode).toBe(401);
    }
    const before = slowDowns.waits.length;
    const own = await signIn(owner.email, owner.password, '198.18.1.1');
    expect(own.statusCode).toBe(200);
    // The longest slow-down, 4 s: the owner waits but is not refused.
    expect(slowDowns.waits.slice(before)).toEqual([4_000]);
  });

  it('lets a device that signed in before through a paused address, for its own account only', async () => {
    const owner = await signUp(app);
    const neighbour = await signUp(app);
    const first = await signIn(owner.email, owner.password, '192.0.2.50');
    expect(first.statusCode).toBe(200);
    const device = cookieValue(first, 'maya_device');
    expect(device).toMatch(/^[\w-]{43}$/);
    expect(first.cookies.find((cookie) => cookie.name === 'maya_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/',
    });

    // Someone behind the same address guesses thirty accounts: the address is paused.
    for (let wrong = 0; wrong < 30; wrong += 1) {
      await signIn(`guessed-${wrong}@example.test`, 'a guess', '192.0.2.50');
    }
    expect((await signIn(neighbour.email, neighbour.password, '192.0.2.50')).statusCode).toBe(429);
    // The owner's browser signed in here before, so it is let through.
    const known = await signIn(owner.email, owner.password, '192.0.2.50', { device });
    expect(known.statusCode).toBe(200);
    // The same device is no pass for another account it never signed in to.
    const other = await signIn(neighbour.email, neighbour.password, '192.0.2.50', { device });
    expect(other.statusCode).toBe(429);
  });

  it('takes a malformed or foreign device cookie for no device at all, never a 500', async () => {
    const owner = await signUp(app);
    const stranger = 'A'.repeat(43);
    for (const cookie of [
      'maya_device=%E0%A4%A',
      `maya_device=${'x.'.repeat(2_000)}`,
      `maya_device=${stranger}`,
      'maya_device=',
      `maya_device="${stranger}"; maya_device=${stranger}`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { ...sameOrigin, cookie },
        remoteAddress: '192.0.2.80',
        payload: { email: owner.email, password: owner.password },
      });
      expect(response.statusCode, cookie.slice(0, 40)).toBe(200);
      // A fresh token for this account, in front of whatever well-formed ones were sent.
      expect(cookieValue(response, 'maya_device'), cookie.slice(0, 40)).toMatch(
        /^[\w-]{43}(\.[\w-]{43})*$/,
      );
    }
  });

  it('pauses a known device after ten wrong passwords of its own', async () => {
    const owner = await signUp(app);
    const device = cookieValue(
      await signIn(owner.email, owner.password, '192.0.2.60'),
      'maya_device',
    );
    const statuses: number[] = [];
    for (let wrong = 0; wrong < 11; wrong += 1) {
      const response = await signIn(owner.email, `guess ${wrong}`, `192.0.2.${61 + wrong}`, {
        device,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('sign-in pauses over time', async () => {
  // A one-second window, so the end of a pause can be observed (and slow-downs not waited out,
  // or they would outlast it).
  const { app: quick } = await buildTestApp(
    { AUTH_THROTTLE_WINDOW_SECONDS: '1' },
    { overrides: { signInWait: recordedWaits().wait } },
  );

  it('lets a paused address try again once the window ends', async () => {
    const owner = await signUp(quick);
    const attempt = (password: string) =>
      quick.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: sameOrigin,
        remoteAddress: '203.0.113.200',
        payload: { email: owner.email, password },
      });
    for (let wrong = 0; wrong < 10; wrong += 1) {
      expect((await attempt(`wrong guess ${wrong}`)).statusCode).toBe(401);
    }
    const paused = await attempt(owner.password);
    expect(paused.statusCode).toBe(429);
    expect(paused.headers['retry-after']).toBe('1');
    expect(paused.json().detail).toBe(
      'Too many failed sign-in attempts. Please wait 1 s and try again.',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await attempt(owner.password)).statusCode).toBe(200);
  });
});

describe('an attacker with as many addresses as they like', async () => {
  // Behind a proxy the address comes from X-Forwarded-For, which this attacker forges freely.
  const mail = outboxMailer();
  const slowed = recordedWaits();
  const { app: proxied } = await buildTestApp(
    { TRUST_PROXY: 'true' },
    { overrides: { mailer: mail.mailer, signInWait: slowed.wait } },
  );
  const from = (address: string, device?: string) => ({
    ...sameOrigin,
    'x-forwarded-for': address,
    ...(device && { cookie: `maya_device=${device}` }),
  });

  it('cannot keep the owner out with 1,000 wrong passwords: right password, known device and mailed link all work', async () => {
    const owner = await signUp(proxied);
    const login = (email: string, password: string, address: string, device?: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: from(address, device),
        payload: { email, password },
      });
    // The owner's laptop signed in once, last week.
    const laptop = cookieValue(
      await login(owner.email, owner.password, '198.51.100.20'),
      'maya_device',
    );
    expect(laptop).toBeDefined();

    // 1,000 wrong passwords, ten from each of 100 forged addresses, 50 at a time.
    const started = performance.now();
    const statuses = new Map<number, number>();
    const guesses = Array.from({ length: 1_000 }, (_, index) => index);
    for (let batch = 0; batch < guesses.length; batch += 50) {
      const answers = await Promise.all(
        guesses
          .slice(batch, batch + 50)
          .map((index) =>
            login(
              mixedCase(owner.email, index),
              `guess number ${index}`,
              `10.0.${Math.floor(index / 10)}.1`,
            ),
          ),
      );
      for (const answer of answers) {
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      }
    }
    const attackMs = performance.now() - started;
    expect(Object.fromEntries(statuses)).toEqual({ 401: 1_000 });
    // Each forged address has had its ten guesses at this account.
    expect((await login(owner.email, owner.password, '10.0.0.1')).statusCode).toBe(429);

    // 1. The right password from the owner's own address: slowed by at most 4 s, never refused.
    let mark = slowed.waits.length;
    let clock = performance.now();
    const own = await login(owner.email, owner.password, '198.51.100.21');
    const ownMs = performance.now() - clock;
    const ownSlowDown = slowed.waits.slice(mark).reduce((sum, ms) => sum + ms, 0);
    expect(own.statusCode).toBe(200);
    expect(ownSlowDown).toBeLessThanOrEqual(4_000);

    // 2. The laptop, even from an address the attacker has used up: not slowed at all.
    mark = slowed.waits.length;
    clock = performance.now();
    const known = await login(owner.email.toUpperCase(), owner.password, '10.0.0.1', laptop);
    const knownMs = performance.now() - clock;
    expect(known.statusCode).toBe(200);
    expect(slowed.waits.slice(mark)).toEqual([]);

    // 3. A mailed link, from yet another address.
    const request = await proxied.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link',
      headers: from('10.0.0.1'),
      payload: { email: mixedCase(owner.email, 3) },
    });
    expect(request.statusCode).toBe(202);
    const linkMails = () =>
      mail.sent.filter((item) => item.subject === 'Your Maya Market sign-in link');
    await expect.poll(() => linkMails().length).toBe(1);
    const token = new URL(linkMails()[0]!.link!).searchParams.get('token')!;
    clock = performance.now();
    const linked = await proxied.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link/confirm',
      headers: from('10.0.0.1'),
      payload: { token },
    });
    const linkMs = performance.now() - clock;
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user.id).toBe(owner.id);

    console.info(
      `1,000 wrong passwords from 100 forged addresses in ${Math.round(attackMs)} ms; ` +
        `the owner then signed in with the password in ${Math.round(ownMs)} ms ` +
        `(+${ownSlowDown} ms slow-down), from the known device in ` +
        `${Math.round(knownMs)} ms and with the mailed link in ${Math.round(linkMs)} ms`,
    );
  }, 120_000);
});
