import { setTimeout as sleep } from 'node:timers/promises';
import { createLimiter, type LimiterStore } from '../../lib/limiter.js';

/** Wrong passwords one address may try at one account per window. */
export const ACCOUNT_ADDRESS_LIMIT = 10;
/** Wrong passwords one address may try over all accounts per window. */
export const ADDRESS_LIMIT = 30;
/** Wrong passwords a device that signed in to the account before may try per window. */
export const KNOWN_DEVICE_LIMIT = 10;
/** Wrong current passwords a signed-in account may enter per window (email, password, deletion). */
export const REENTRY_LIMIT = 10;

/**
 * Five failures cost nothing extra; from the sixth, each attempt waits twice as long as the last
 * (250 ms, 500 ms, … up to 4 s).
 */
export function failureDelayMs(failures: number): number {
  return failures <= 5 ? 0 : Math.min(250 * 2 ** (failures - 6), 4_000);
}

export interface SignInAttempt {
  /** The password was wrong (or the account unknown). */
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Sign-in throttling after OWASP's Authentication Cheat Sheet, built so that guessing stays as
 * hard as before while nobody can lock an owner out:
 *
 * - an address is paused for an account after ten failures there, and for every account after
 *   thirty failures in all (429 with Retry-After until the window ends);
 * - an account's failures from everywhere only slow its sign-ins down (failureDelayMs), so a
 *   crowd of addresses can delay the right password by 4 s at most, never refuse it;
 * - a device that signed in to the account before counts its own failures only: another
 *   address's pause does not reach it;
 * - a signed-in account that is asked for its password again (to change its email or password,
 *   or to delete it) may enter a wrong one ten times per window, from any session or address,
 *   then is refused (429); each failure also counts as a failed sign-in of the account, so a
 *   stolen session's guesses slow the owner's sign-ins as failed sign-ins do.
 *
 * The mailed sign-in link is the owner's other way in, throttled apart (mailed-links.service.ts).
 */
export function createSignInThrottle({
  windowMs,
  wait = (ms) => sleep(ms),
  store,
}: {
  windowMs: number;
  /** How a slowed attempt waits; tests record the waits instead of sitting through them. */
  wait?: (ms: number) => Promise<unknown>;
  store?: LimiterStore;
}) {
  const message = 'Too many failed sign-in attempts. Please wait {seconds} s and try again.';
  const throttle = (name: string, limit?: number) =>
    createLimiter({ name, limit, windowMs, message, store });
  const byAccountAndAddress = throttle('sign-in:account-address', ACCOUNT_ADDRESS_LIMIT);
  const byAddress = throttle('sign-in:address', ADDRESS_LIMIT);
  const byKnownDevice = throttle('sign-in:device', KNOWN_DEVICE_LIMIT);
  // Never refuses: the slow-down only.
  const byAccount = throttle('sign-in:account');
  const byReentry = createLimiter({
    name: 'password-reentry:account',
    limit: REENTRY_LIMIT,
    windowMs,
    message: 'Too many wrong passwords. Please wait {seconds} s and try again.',
    store,
  });

  return {
    /**
     * Lets one password attempt through, after its slow-down, or throws RATE_LIMITED. The attempt
     * counts before the password is checked, so guesses sent side by side cannot all slip in
     * under a limit; settle it with failed() or succeeded().
     */
    async admit({
      email,
      address,
      knownDevice,
    }: {
      email: string;
      address: string;
      /** The hash of the device token, when the device signed in to this account before. */
      knownDevice?: string;
    }): Promise<SignInAttempt> {
      const account = email.toLowerCase();

      if (knownDevice) {
        const key = `${knownDevice}|${account}`;
        await byKnownDevice.consume(key);
        return {
          failed: async () => undefined,
          succeeded: () => byKnownDevice.reset(key),
        };
      }

      const pair = `${account}|${address}`;
      const fromPair = await byAccountAndAddress.consume(pair);
      let fromAddress: number;
      try {
        fromAddress = await byAddress.consume(address);
      } catch (refusal) {
        await byAccountAndAddress.reward(pair);
        throw refusal;
      }
      const accountFailures = await byAccount.count(account);
      const delay = failureDelayMs(Math.max(fromPair, fromAddress, accountFailures + 1));
      if (delay > 0) await wait(delay);

      return {
        failed: async () => {
          await byAccount.penalize(account);
        },
        succeeded: async () => {
          await byAccountAndAddress.reset(pair);
          await byAddress.reward(address);
        },
      };
    },

    /**
     * Lets one re-entry of a signed-in account's current password through, after its slow-down,
     * or throws RATE_LIMITED. Counted before the password is checked, like a sign-in; failed()
     * also counts it as a failed sign-in of the account, and succeeded() takes the count back.
     */
    async admitReentry({
      userId,
      email,
    }: {
      userId: string;
      email: string;
    }): Promise<SignInAttempt> {
      const account = email.toLowerCase();
      const fromAccount = await byReentry.consume(userId);
      const accountFailures = await byAccount.count(account);
      const delay = failureDelayMs(Math.max(fromAccount, accountFailures + 1));
      if (delay > 0) await wait(delay);

      return {
        failed: async () => {
          await byAccount.penalize(account);
        },
        succeeded: () => byReentry.reward(userId),
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
