import type { KnownDevicesRepository } from './known-devices.repository.js';
import { uuidv7 } from '../../lib/uuid.js';
import { hashToken, newToken } from './tokens.js';

/** A device stays known this long after it last signed in to an account. */
export const KNOWN_DEVICE_DAYS = 180;
/** Device tokens one browser keeps (one per account signed in there), newest first. */
const DEVICE_TOKENS_KEPT = 5;

/** The well-formed device tokens in a device cookie's value (`token.token…`). */
export function deviceTokensOf(cookie: string | undefined): string[] {
  if (!cookie) return [];
  return cookie
    .split('.')
    .filter((token) => /^[\w-]{43}$/.test(token))
    .slice(0, DEVICE_TOKENS_KEPT);
}

/**
 * Known devices: browsers that signed in to an account before (the `maya_device` cookie). Sign-in
 * throttling counts a known device's failures on their own, so others cannot pause it. The tokens
 * of one cookie share a browser id, so the reviews know two accounts used one browser.
 */
export function createKnownDevicesService(repository: KnownDevicesRepository) {
  const knownSince = () => new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * 3_600_000);

  return {
    /** The hash of the presented token that signed in to this email's account, if any. */
    findForEmail: (presented: string[], email: string) =>
      repository.findForEmail(presented.map(hashToken), email, knownSince()),

    /** The same for an account known by id (a sign-in link). */
    findForUser: (presented: string[], userId: string) =>
      repository.findForUser(presented.map(hashToken), userId, knownSince()),

    /**
     * Marks this browser as one that signed in to the account, and answers the device cookie's
     * new value: the same tokens when it was already known, or a new token in front.
     */
    async remember(
      userId: string,
      presented: string[],
      knownDevice: string | undefined,
    ): Promise<string> {
      const now = new Date();
      if (knownDevice) {
        await repository.touchDevice(knownDevice, now);
        return presented.join('.');
      }
      const token = newToken();
      // The browser's other accounts' tokens name it: the new one joins them.
      const browserId = (await repository.findBrowser(presented.map(hashToken))) ?? uuidv7();
      await repository.insertDevice({
        tokenHash: hashToken(token),
        userId,
        browserId,
        createdAt: now,
        lastUsedAt: now,
      });
      return [token, ...presented].slice(0, DEVICE_TOKENS_KEPT).join('.');
    },

    /** No device of the account stays known (a reset, a deletion). */
    forget: (userId: string) => repository.deleteUserDevices(userId),

    purgeUnused: () => repository.deleteUnusedSince(knownSince()),
  };
}

export type KnownDevicesService = ReturnType<typeof createKnownDevicesService>;
