import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { sameOrigin, signUp, type SignedUp } from '../../../test/sessions.js';

/** Slow-downs are recorded instead of waited out, so the tests see them without sitting through them. */
const waits: number[] = [];
const { app } = await buildTestApp(
  {},
  {
    overrides: {
      signInWait: async (ms: number) => {
        waits.push(ms);
      },
    },
  },
);

/** A route that asks the signed-in account for its current password, sent a given one. */
interface Reentry {
  name: string;
  /** The field the password is typed into, where a refusal is named. */
  field: string;
  send(user: SignedUp, password: string): Promise<LightMyRequestResponse>;
}

const NEW_PASSWORD = 'a brand new passphrase';

const routes: Reentry[] = [
  {
    name: 'PUT /me/password',
    field: 'currentPassword',
    send: (user, password) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/me/password',
        headers: user.headers,
        payload: {
          currentPassword: password,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      }),
  },
  {
    name: 'PUT /me/email',
    field: 'password',
    send: (user, password) => {
      const email = `moved-${user.id}@example.test`;
      return app.inject({
        method: 'PUT',
        url: '/api/v1/me/email',
        headers: user.headers,
        payload: { email, confirmEmail: email, password },
      });
    },
  },
  {
    name: 'DELETE /me',
    field: 'password',
    send: (user, password) =>
      app.inject({
        method: 'DELETE',
        url: '/api/v1/me',
        headers: user.headers,
        payload: { password },
      }),
  },
  {
    name: "the old client's password change",
    field: 'currentPassword',
    send: (user, password) =>
      app.inject({
        method: 'PUT',
        url: `/user/accountuserInfo/${user.id}`,
        headers: user.headers,
        payload: { password: NEW_PASSWORD, currentPassword: password },
      }),
  },
  {
    name: "the old client's email change",
    field: 'currentPassword',
    send: (user, password) =>
      app.inject({
        method: 'PUT',
        url: `/user/accountuserInfo/${user.id}`,
        headers: user.headers,
        payload: { email: `moved-${user.id}@example.test`, currentPassword: password },
      }),
  },
];

function signIn(user: SignedUp, password: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: sameOrigin,
    remoteAddress: address,
    payload: { email: user.email, password },
  });
}

/** The waits a sign-in with the right password sat through, from an address never used before. */
async function ownSignInWaits(user: SignedUp, address: string): Promise<number[]> {
  const before = waits.length;
  const response = await signIn(user, user.password, address);
  expect(response.statusCode).toBe(200);
  return waits.slice(before);
}

let addresses = 0;
const freshAddress = () => `198.51.100.${(addresses += 1)}`;

describe.each(routes)('wrong current passwords at $name', (route) => {
  it('answers the first ten as wrong and the 11th to 50th 429 with Retry-After, one after another', async () => {
    const user = await signUp(app);
    const answers = [];
    for (let guess = 1; guess <= 50; guess += 1) {
      answers.push(await route.send(user, `wrong guess ${guess}`));
    }

    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array(10).fill(400),
      ...Array(40).fill(429),
    ]);
    for (const answer of answers.slice(0, 10)) {
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'Your current password is not correct.',
        errors: { [route.field]: 'Incorrect password' },
      });
    }
    for (const answer of answers.slice(10)) {
      expect(answer.json()).toMatchObject({
        code: 'RATE_LIMITED',
        detail: expect.stringMatching(
          /^Too many wrong passwords\. Please wait \d+ s and try again\.$/,
        ),
        errors: { [route.field]: 'Too many wrong passwords' },
      });
    }
    expect(Number(answers[10]!.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('lets exactly ten of 50 guesses sent side by side reach the password', async () => {
    const user = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, guess) => route.send(user, `parallel guess ${guess}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it("slows the owner's next sign-in as ten failed sign-ins would", async () => {
    const user = await signUp(app);
    // Before: a right password goes through without a wait.
    expect(await ownSignInWaits(user, freshAddress())).toEqual([]);
    for (let guess = 1; guess <= 50; guess += 1) await route.send(user, `wrong guess ${guess}`);

    // Another account, guessed ten times at the sign-in from ten addresses.
    const other = await signUp(app);
    for (let guess = 1; guess <= 10; guess += 1) {
      expect((await signIn(other, `wrong guess ${guess}`, freshAddress())).statusCode).toBe(401);
    }

    const slowed = await ownSignInWaits(user, freshAddress());
    expect(slowed).toEqual([4_000]);
    expect(slowed).toEqual(await ownSignInWaits(other, freshAddress()));
  });
});

describe('the right current password', () => {
  it('takes its own count back, and is refused too once the account is paused', async () => {
    const user = await signUp(app);
    const [change] = routes;
    for (let guess = 1; guess <= 9; guess += 1) {
      expect((await change!.send(user, `wrong guess ${guess}`)).statusCode).toBe(400);
    }
    const right = await change!.send(user, user.password);
    expect(right.statusCode).toBe(204);
    // The password is now the new one; the right one's attempt did not count.
    expect((await change!.send(user, 'wrong guess 10')).statusCode).toBe(400);
    expect((await change!.send(user, NEW_PASSWORD)).statusCode).toBe(429);
  });
});
