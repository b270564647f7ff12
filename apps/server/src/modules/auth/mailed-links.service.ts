import type { PasswordResetConfirmBody } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { createLimiter, type Limiter, type LimiterStore } from '../../lib/limiter.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, rejectCommonPassword } from '../../lib/password.js';
import { describeError } from '../../lib/redact.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { AccountService } from '../account/account.service.js';
import type { AccessService } from './access.service.js';
import type { SignedIn, SignInOrigin } from './auth.service.js';
import { deviceTokensOf, type KnownDevicesService } from './known-devices.service.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { SessionsService } from './sessions.service.js';
import type { SignInLinksRepository } from './sign-in-links.repository.js';
import { hashToken, newToken } from './tokens.js';

export const RESET_LINK_MINUTES = 30;
export const SIGN_IN_LINK_MINUTES = 15;

export interface MailedLinksServiceDependencies {
  account: AccountService;
  resets: PasswordResetsRepository;
  signInLinks: SignInLinksRepository;
  sessions: SessionsService;
  devices: KnownDevicesService;
  access: AccessService;
  mailer: Mailer;
  publicUrl: string;
  /** How long link requests count against an address. */
  windowMs: number;
  /** Where requests are counted (memory unless several processes share them). */
  limiterStore?: LimiterStore;
  log?: { error(details: Record<string, unknown>, message: string): void };
}

/** One kind of mailed link: where it leads, how long it lives and what its mail says. */
interface LinkKind {
  name: 'password-reset' | 'sign-in-link';
  perEmail: Limiter;
  minutes: number;
  path: string;
  store(values: {
    id: string;
    tokenHash: string;
    userId: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
  subject: string;
  /** The lines between the greeting and the end, with the link among them. */
  lines(link: string): string[];
}

/**
 * The two single-use links mailed to an account: a password reset and a sign-in link (the way in
 * that failed passwords cannot pause). Both are asked for with the same answer for any email, at
 * once: the lookup and the mail happen after the reply, so neither the words nor the timing tell
 * whether the email has an account.
 */
export function createMailedLinksService({
  account,
  resets,
  signInLinks,
  sessions,
  devices,
  access,
  mailer,
  publicUrl,
  windowMs,
  limiterStore: store,
  log,
}: MailedLinksServiceDependencies) {
  const resetsByIp = createLimiter({
    name: 'password-reset:address',
    store,
    limit: 5,
    windowMs,
    message: 'Too many reset requests. Please wait {seconds} s and try again.',
  });
  const linksByIp = createLimiter({
    name: 'sign-in-link:address',
    store,
    limit: 5,
    windowMs,
    message: 'Too many sign-in link requests. Please wait {seconds} s and try again.',
  });

  const reset: LinkKind = {
    name: 'password-reset',
    // Per email silently: no more than three mails an hour, whoever asks.
    perEmail: createLimiter({
      name: 'password-reset:email',
      store,
      limit: 3,
      windowMs: 4 * windowMs,
      message: '',
    }),
    minutes: RESET_LINK_MINUTES,
    path: '/reset-password',
    store: (values) => resets.insertReset(values),
    subject: 'Reset your Maya Market password',
    lines: (link) => [
      'Someone asked to reset the password of your Maya Market account.',
      `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:`,
      '',
      link,
      '',
      'If it was not you, ignore this message; your password stays as it is.',
    ],
  };

  const signIn: LinkKind = {
    name: 'sign-in-link',
    // Per email silently: five mails per link lifetime. A request refused here therefore always
    // leaves a live link, sent in the last fifteen minutes, in the owner's mailbox: asking for
    // links cannot keep the owner from one.
    perEmail: createLimiter({
      name: 'sign-in-link:email',
      store,
      limit: 5,
      windowMs: SIGN_IN_LINK_MINUTES * 60_000,
      message: '',
    }),
    minutes: SIGN_IN_LINK_MINUTES,
    path: '/sign-in-link',
    store: (values) => signInLinks.insertLink(values),
    subject: 'Your Maya Market sign-in link',
    lines: (link) => [
      'Someone asked for a link to sign in to your Maya Market account without the password.',
      `Open this link within ${SIGN_IN_LINK_MINUTES} minutes to sign in; it works once:`,
      '',
      link,
      '',
      'If it was not you, ignore this message: the link is of no use to anyone without your',
      'mailbox, and your password stays as it is.',
    ],
  };

  /** Whether a silent per-email budget still allows a mail. */
  async function withinBudget(budget: Limiter, email: string): Promise<boolean> {
    try {
      await budget.consume(email.toLowerCase());
      return true;
    } catch {
      return false;
    }
  }

  /** Stores a new link of this kind for the email's account, if it has one, and mails it. */
  async function sendLink(kind: LinkKind, email: string): Promise<void> {
    if (!(await withinBudget(kind.perEmail, email))) return;
    const user = await account.findCredentials(email);
    if (!user) return;
    const token = newToken();
    const now = Date.now();
    await kind.store({
      id: uuidv7(now),
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + kind.minutes * 60_000),
    });
    const link = new URL(`${kind.path}?token=${token}`, publicUrl).toString();
    await mailer.send({
      to: user.email,
      subject: kind.subject,
      text: [`Hello ${user.firstName},`, '', ...kind.lines(link)].join('\n'),
      link,
    });
  }

  /**
   * Runs a mail's lookup and delivery after the reply. A failure is logged with its cause; the
   * link's token never reaches the log.
   */
  function mailLater(kind: LinkKind, email: string): void {
    setImmediate(() => {
      sendLink(kind, email).catch((error: unknown) =>
        log?.error(
          { mail: kind.name, cause: describeError(error) },
          `the ${kind.name} mail was not sent`,
        ),
      );
    });
  }

  return {
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await resetsByIp.consume(ip);
      mailLater(reset, email);
    },

    async confirmPasswordReset(input: PasswordResetConfirmBody): Promise<void> {
      rejectCommonPassword(input.password);
      const userId = await resets.consumeReset(hashToken(input.token), new Date());
      if (!userId) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This reset link is invalid or has expired. Ask for a new one.',
          { token: 'Invalid or expired' },
        );
      }
      await account.setPasswordHash(userId, await hashPassword(input.password));
      await access.endAfterReset(userId);
    },

    async requestSignInLink(email: string, ip: string): Promise<void> {
      await linksByIp.consume(ip);
      mailLater(signIn, email);
    },

    async signInWithLink(token: string, origin: SignInOrigin): Promise<SignedIn> {
      const userId = await signInLinks.consumeLink(hashToken(token), new Date());
      if (!userId) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This sign-in link is invalid or has expired. Ask for a new one.',
          { token: 'Invalid or expired' },
        );
      }
      const presented = deviceTokensOf(origin.deviceCookie);
      const knownDevice = await devices.findForUser(presented, userId);
      return {
        user: await account.getPrivateUser(userId),
        token: await sessions.start(userId),
        deviceCookie: await devices.remember(userId, presented, knownDevice),
      };
    },
  };
}

export type MailedLinksService = ReturnType<typeof createMailedLinksService>;
