import { randomBytes } from 'node:crypto';
import type { LoginBody, MailLanguage, PrivateUser, SignupBody } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, rejectCommonPassword, verifyPassword } from '../../lib/password.js';
import type { AccountService } from '../account/account.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { deviceTokensOf, type KnownDevicesService } from './known-devices.service.js';
import type { MailedLinksService } from './mailed-links.service.js';
import type { SessionsService } from './sessions.service.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { SignedIn, SignInOrigin } from './sign-in.js';

// Verified when an email is unknown, so a wrong email costs as much time as a wrong password.
const decoyHash = hashPassword(randomBytes(16).toString('hex'));

export type { SignedIn, SignInOrigin } from './sign-in.js';

export interface AuthServiceDependencies {
  account: AccountService;
  uploads: UploadsService;
  sessions: SessionsService;
  devices: KnownDevicesService;
  /** Mails the link that confirms a new account's email, or tells an owner of a sign-up. */
  links: Pick<MailedLinksService, 'mailEmailConfirmation' | 'mailSignupLink' | 'mailSignupAttempt'>;
  /** Where work after a sign-up's reply logs its failures. */
  log?: { error(details: Record<string, unknown>, message: string): void };
  /** Keeps the language a sign-up asked in as the new account's mail language. */
  setMailLanguage?: (userId: string, language: MailLanguage) => Promise<void>;
  /**
   * Failed sign-ins' counts, one for the app: the account's re-entries of its current password
   * count in it too.
   */
  signIns: SignInThrottle;
}

/** Sign-up and sign-in with a password, throttled as ARCHITECTURE.md describes. */
export function createAuthService({
  account,
  uploads,
  sessions,
  devices,
  links,
  log,
  setMailLanguage,
  signIns,
}: AuthServiceDependencies) {
  return {
    async signup(input: SignupBody): Promise<{ user: PrivateUser; token: string }> {
      // A business may start without a sector (the original client has no field for it): it is
      // listed under Other until it picks one (PATCH /me), which the web asks for on its first visit.
      await rejectCommonPassword(input.password);
      const { password, imageUploadId, ...profile } = input;
      if (imageUploadId) await uploads.requireClaimableAvatar(imageUploadId);
      let user = await account.createAccount({
        ...profile,
        passwordHash: await hashPassword(password),
      });
      if (imageUploadId) {
        const image = await uploads.claimAvatar(imageUploadId, user.id);
        user = await account.setImage(user.id, image);
      }
      // The account works at once; the link mailed after the reply confirms its address.
      links.mailEmailConfirmation(user);
      return { user, token: await sessions.start(user.id) };
    },

    /**
     * Sign-up as the portals ask for it, after OWASP: the same answer in about the same time
     * whether or not the address has an account. The password is hashed and one insert tried
     * either way; after the reply, a new account is mailed the link that confirms its address
     * and signs the person in, and an address that has an account gets its owner a notice.
     */
    async requestSignup(input: SignupBody): Promise<void> {
      await rejectCommonPassword(input.password);
      const { password, imageUploadId, next, language, ...profile } = input;
      if (imageUploadId) await uploads.requireClaimableAvatar(imageUploadId);
      const passwordHash = await hashPassword(password);
      const user = await account
        .createAccount({ ...profile, passwordHash })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'CONFLICT') return undefined;
          throw error;
        });
      if (!user) {
        links.mailSignupAttempt(profile.email);
        return;
      }
      // After the reply too, so this work cannot tell a new address by the time: the avatar
      // becomes the account's and the sign-up's language its mails', then the link goes.
      setImmediate(() => {
        const settled: Promise<unknown>[] = [];
        if (imageUploadId) {
          settled.push(
            uploads
              .claimAvatar(imageUploadId, user.id)
              .then((image) => account.setImage(user.id, image))
              .catch((error: unknown) =>
                log?.error({ err: error }, "the sign-up's avatar was not claimed"),
              ),
          );
        }
        if (language && setMailLanguage) {
          settled.push(
            setMailLanguage(user.id, language).catch((error: unknown) =>
              log?.error({ err: error }, "the sign-up's mail language was not kept"),
            ),
          );
        }
        void Promise.all(settled).finally(() =>
          links.mailSignupLink(user.email, { language, next }),
        );
      });
    },

    async login(input: LoginBody, origin: SignInOrigin): Promise<SignedIn> {
      const presented = deviceTokensOf(origin.deviceCookie);
      const knownDevice = await devices.findForEmail(presented, input.email);
      const attempt = await signIns.admit({ email: input.email, address: origin.ip, knownDevice });

      const credentials = await account.findCredentials(input.email);
      const valid = credentials
        ? await verifyPassword(credentials.passwordHash, input.password)
        : await verifyPassword(await decoyHash, input.password);
      if (!credentials || !valid) {
        await attempt.failed();
        throw new AppError('INVALID_CREDENTIALS', 'Wrong Credentials');
      }
      await attempt.succeeded();
      return {
        user: await account.getPrivateUser(credentials.id),
        token: await sessions.start(credentials.id),
        deviceCookie: await devices.remember(credentials.id, presented, knownDevice),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
