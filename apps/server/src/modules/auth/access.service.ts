import type { EmailConfirmationsRepository } from './email-confirmations.repository.js';
import type { KnownDevicesService } from './known-devices.service.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { SessionsService } from './sessions.service.js';
import type { SignInLinksRepository } from './sign-in-links.repository.js';

export interface AccessServiceDependencies {
  sessions: SessionsService;
  devices: KnownDevicesService;
  resets: PasswordResetsRepository;
  signInLinks: SignInLinksRepository;
  confirmations: EmailConfirmationsRepository;
  /**
   * Web push subscriptions saved before they named their session (the others end with their
   * session): they end whenever other sessions are ended, since which device holds them is unknown.
   */
  devicePush?: { forgetUnbound(userId: string): Promise<void>; purgeUnbound(): Promise<void> };
}

/**
 * How the ways into an account end: its sessions, known devices and mailed links. It needs
 * nothing of the account itself, so the account module (password change, deletion) can use it
 * while auth uses the account service.
 */
export function createAccessService({
  sessions,
  devices,
  resets,
  signInLinks,
  confirmations,
  devicePush,
}: AccessServiceDependencies) {
  return {
    /** After a password change: this session stays, every other one ends. */
    async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
      await sessions.revoke(userId, keepSessionId);
      await devicePush?.forgetUnbound(userId);
    },

    /**
     * After a reset: no other reset link works, and whoever knew the old password may have signed
     * in somewhere, so no device stays known and every session ends.
     */
    async endAfterReset(userId: string): Promise<void> {
      await resets.deleteUserResets(userId);
      await devices.forget(userId);
      await sessions.revoke(userId);
      await devicePush?.forgetUnbound(userId);
    },

    /** When the account is deleted: every link, device and session. */
    async endAll(userId: string): Promise<void> {
      await resets.deleteUserResets(userId);
      await signInLinks.deleteUserLinks(userId);
      await confirmations.deleteUserConfirmations(userId);
      await devices.forget(userId);
      await sessions.revoke(userId);
    },

    /**
     * Idle sessions, sign-in and email confirmation links expired (or used) a day ago and devices
     * unused for too long.
     */
    async purgeExpired(): Promise<void> {
      await sessions.purgeExpired();
      await devicePush?.purgeUnbound();
      const dayAgo = new Date(Date.now() - 24 * 3_600_000);
      await signInLinks.deleteExpired(dayAgo);
      await confirmations.deleteExpired(dayAgo);
      await devices.purgeUnused();
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
