import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238's step: a code changes every 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
/** How many one-time recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** The name authenticator apps show beside the operator's email. */
const ISSUER = 'Maya Market console';

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * The time step a code belongs to, if it is the code of the current step or of the one before
 * (a code typed as its step ended), and newer than `lastStep`, the newest step already accepted:
 * so a code is good once, and a code two steps old is never good.
 */
export async function matchingStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    // The current step, and back to the start of the step before; never ahead.
    epochTolerance: [TOTP_PERIOD_SECONDS, 0],
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  // TOTP's answer names the step (HOTP's, the other half of otplib's type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

// Base32's letters and digits without 0, 1, 8 and 9: nothing to mistake for O, I, l or B.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code as people read it: three groups of four, like `k7dq-m2xa-prv4`. */
export function newRecoveryCode(): string {
  const letters = Array.from(
    { length: 12 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return [0, 4, 8].map((start) => letters.slice(start, start + 4).join('')).join('-');
}

/** What is stored of a recovery code: the SHA-256 of its letters, whatever their case or dashes. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replaceAll('-', '')).digest('hex');
}
