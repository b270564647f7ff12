import { availableParallelism } from 'node:os';
import type * as Argon2 from '@node-rs/argon2';
import { readEnv } from '../config.js';
import { AppError } from './app-error.js';
import { isCommonPassword } from './common-passwords.js';
import { createSemaphore } from './semaphore.js';

// Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OWASP = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Under the test runner only (Vitest sets VITEST; the server suite's configuration sets
 * MAYA_LIGHT_HASHING), the suite's thousands of sign-ups hash with argon2id's smallest memory and
 * one pass: the same algorithm and code path, and a hash any setting verifies (its parameters are
 * written in it), at about 0.5 ms instead of 17. Read at each hash, so a test that measures the
 * real cost (sign-up's timing) turns it off for itself.
 */
function options() {
  return readEnv('VITEST') === 'true' && readEnv('MAYA_LIGHT_HASHING') === '1'
    ? { ...OWASP, memoryCost: 1_024, timeCost: 1 }
    : OWASP;
}

// Each hash holds a core for tens of milliseconds. Left alone, a burst of sign-ins fills every
// thread of the pool and every core, and the event loop serving all other requests waits behind
// them; so hashing gets all cores but one, and sign-ins queue for their turn instead.
const hashing = createSemaphore(Math.max(1, availableParallelism() - 1));

// The native argon2 binding loads once the server listens (loadPasswordHashing, app.ts) or with
// the first password, whichever comes first, so a start does not wait for it.
let argon2: Promise<typeof Argon2> | undefined;
export function loadPasswordHashing(): Promise<typeof Argon2> {
  return (argon2 ??= import('@node-rs/argon2'));
}

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadPasswordHashing();
  return hashing.run(() => hash(password, options()));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadPasswordHashing();
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A newly chosen password (sign-up, reset, change) must not be on a breached-password list. */
export async function rejectCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', 'This password is too common. Choose another.', {
      password: 'Too common',
    });
  }
}
