import type { MailLanguage, PasswordResetConfirmBody } from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import { createLimiter, type Limiter, type LimiterStore } from '../../lib/limiter.js';
import type { Mailer } from '../../lib/mailer.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { wordsFor } from '../../lib/i18n/index.js';
import { fieldMessage, sentenceFor } from '../../lib/i18n/sentences.js';
import { hashPassword, rejectCommonPassword } from '../../lib/password.js';
import { describeError } from '../../lib/redact.js';
import type { Actor } from '../../lib/actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { AccountService } from '../account/account.service.js';
import type { AccessService } from './access.service.js';
import type { EmailConfirmationsRepository } from './email-confirmations.repository.js';
import type { SignedIn, SignInOrigin } from './sign-in.js';
import { deviceTokensOf, type KnownDevicesService } from './known-devices.service.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { SessionsService } from './sessions.service.js';
import type { SignInLinksRepository } from './sign-in-links.repository.js';
import { hashToken, newToken } from './tokens.js';

export const RESET_LINK_MINUTES = 30;
export const SIGN_IN_LINK_MINUTES = 15;
export const EMAIL_CONFIRMATION_HOURS = 48;

/** The durable queue of link mails (`plugins/jobs.ts`). */
export const LINK_MAIL_QUEUE = 'link-mail';

/**
 * A link mail to send. It never holds a token: the link is made (and its hash stored) when the
 * job runs, so each attempt mails a fresh link. Nor does it hold an address it can read at send
 * time: it names the account, whose address (and name) the job reads when it runs, so a changed
 * address is followed. Two kinds hold one: an email change, the new address, which is on no
 * account yet; and a link asked for by email (reset, sign-in), the address asked for, looked up
 * when the job runs, so that the request is queued before its reply with the same work for any
 * address. A finished job's row is deleted JOBS_KEEP_FINISHED_SECONDS later, and its archived
 * copy as long after that.
 */
type LinkMailJob =
  | {
      kind: 'password-reset' | 'sign-in-link' | 'email-confirmation';
      userId: string;
      /** A sign-in link's page to come back to (a path of this site, checked by the contract). */
      next?: string;
    }
  /** A link asked for by email: the account, if there is one, is found when the job runs. */
  | { kind: 'password-reset' | 'sign-in-link'; email: string; next?: string }
  | { kind: 'email-change'; userId: string; email: string }
  /** A new account's link, in the language the sign-up asked for. */
  | { kind: 'signup'; userId: string; language: MailLanguage; next?: string }
  /** The owner's notice that someone tried to sign up with the account's address. */
  | { kind: 'signup-attempt'; userId: string };

export interface MailedLinksServiceDependencies {
  account: AccountService;
  resets: PasswordResetsRepository;
  signInLinks: SignInLinksRepository;
  confirmations: EmailConfirmationsRepository;
  sessions: SessionsService;
  devices: KnownDevicesService;
  access: AccessService;
  mailer: Mailer;
  /** Link mails are jobs: retried with backoff when the mail server fails. */
  jobs: JobQueue;
  publicUrl: string;
  /** How long link requests count against an address. */
  windowMs: number;
  /** Where requests are counted (memory unless several processes share them). */
  limiterStore?: LimiterStore;
  log?: { error(details: Record<string, unknown>, message: string): void };
  /** The language of an account's mails (its notification settings'); English unless set. */
  languageOf?: (userId: string) => Promise<MailLanguage>;
}

/**
 * A limiter's refusal (locales/errors), in English with `{seconds}` left for the limiter; the
 * error handler writes it in the asker's language.
 */
const refusal = (key: string) =>
  sentenceFor({ key: `errors:${key}`, values: { seconds: '{seconds}' } }, 'en');

/** A used or expired link's field message (the error handler writes it in the asker's language). */
const INVALID_OR_EXPIRED = fieldMessage('invalidOrExpired');

/** Whom a link is mailed to: the account, and the address the mail goes to. */
interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

/** One kind of stored link: where it leads and how long it lives. */
interface StoredLinkKind {
  name: 'password-reset' | 'sign-in-link' | 'email-confirmation' | 'email-change' | 'signup';
  minutes: number;
  path: string;
  store(values: {
    id: string;
    tokenHash: string;
    userId: string;
    /** The address the link goes to. */
    email: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
}

/** One kind of mailed link with its mail's sentences (locales/auth: `<words>.subject`, …). */
interface LinkKind extends StoredLinkKind {
  name: 'password-reset' | 'sign-in-link' | 'email-confirmation' | 'email-change';
  /** Its sentences in locales/auth: subject, intro, action (with the link after it), ignore. */
  words: 'passwordReset' | 'signInLink' | 'emailConfirmation' | 'emailChange';
  /** The values its `action` sentence names. */
  values: Record<string, number>;
}

/**
 * The two single-use links mailed to an account: a password reset and a sign-in link (the way in
 * that failed passwords cannot pause). Both are asked for with the same answer for any email, at
 * once: the request queues a job naming the address, and the lookup and the mail happen in it,
 * after the reply, so neither the words nor the timing tell whether the email has an account.
 */
export function createMailedLinksService({
  account,
  resets,
  signInLinks,
  confirmations,
  sessions,
  devices,
  access,
  mailer,
  jobs,
  publicUrl,
  windowMs,
  limiterStore: store,
  log,
  languageOf = () => Promise.resolve('en'),
}: MailedLinksServiceDependencies) {
  const resetsByIp = createLimiter({
    name: 'password-reset:address',
    store,
    limit: 5,
    windowMs,
    message: refusal('auth.tooManyResets'),
  });
  const linksByIp = createLimiter({
    name: 'sign-in-link:address',
    store,
    limit: 5,
    windowMs,
    message: refusal('auth.tooManySignInLinks'),
  });

  // Per email silently: no more than three mails an hour, whoever asks.
  const resetsByEmail = createLimiter({
    name: 'password-reset:email',
    store,
    limit: 3,
    windowMs: 4 * windowMs,
    message: '',
  });
  // Per email silently: five mails per link lifetime. A request refused here therefore always
  // leaves a live link, sent in the last fifteen minutes, in the owner's mailbox: asking for
  // links cannot keep the owner from one.
  const linksByEmail = createLimiter({
    name: 'sign-in-link:email',
    store,
    limit: 5,
    windowMs: SIGN_IN_LINK_MINUTES * 60_000,
    message: '',
  });
  // A confirmation mail again: per account and per address, answered 429 with Retry-After (the
  // asker is signed in, so there is nothing to hide).
  const confirmationsByAccount = createLimiter({
    name: 'email-confirmation:account',
    store,
    limit: 3,
    windowMs: 4 * windowMs,
    message: refusal('auth.tooManyConfirmations'),
  });
  const confirmationsByIp = createLimiter({
    name: 'email-confirmation:address',
    store,
    limit: 10,
    windowMs,
    message: refusal('auth.tooManyConfirmationsAsked'),
  });
  // A sign-up's mails, per address: the new account's link, the owner's notice that someone tried
  // the address, and either again. Silent and few, so signing up with someone's address cannot
  // flood their mailbox.
  const signupMailsByEmail = createLimiter({
    name: 'signup:email',
    store,
    limit: 3,
    windowMs: 4 * windowMs,
    message: '',
  });
  const signupResendsByIp = createLimiter({
    name: 'signup-resend:address',
    store,
    limit: 5,
    windowMs,
    message: refusal('auth.tooManySignupMails'),
  });
  const reset: LinkKind = {
    name: 'password-reset',
    minutes: RESET_LINK_MINUTES,
    path: '/reset-password',
    store: ({ email: _email, ...values }) => resets.insertReset(values),
    words: 'passwordReset',
    values: { minutes: RESET_LINK_MINUTES },
  };

  const signIn: LinkKind = {
    name: 'sign-in-link',
    minutes: SIGN_IN_LINK_MINUTES,
    path: '/sign-in-link',
    store: ({ email: _email, ...values }) => signInLinks.insertLink(values),
    words: 'signInLink',
    values: { minutes: SIGN_IN_LINK_MINUTES },
  };

  const emailConfirmation: LinkKind = {
    name: 'email-confirmation',
    minutes: EMAIL_CONFIRMATION_HOURS * 60,
    path: '/confirm-email',
    store: (values) => confirmations.insertConfirmation({ ...values, purpose: 'verify' }),
    words: 'emailConfirmation',
    values: { hours: EMAIL_CONFIRMATION_HOURS },
  };

  const emailChange: LinkKind = {
    name: 'email-change',
    minutes: EMAIL_CONFIRMATION_HOURS * 60,
    path: '/confirm-email',
    store: (values) => confirmations.insertConfirmation({ ...values, purpose: 'change' }),
    words: 'emailChange',
    values: { hours: EMAIL_CONFIRMATION_HOURS },
  };

  // A new account's link: it confirms the address and, pressed, signs the person in.
  const signupLink: StoredLinkKind = {
    name: 'signup',
    minutes: EMAIL_CONFIRMATION_HOURS * 60,
    path: '/confirm-email',
    store: (values) => confirmations.insertConfirmation({ ...values, purpose: 'signup' }),
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

  const kinds = {
    'password-reset': reset,
    'sign-in-link': signIn,
    'email-confirmation': emailConfirmation,
    'email-change': emailChange,
  } satisfies Record<LinkKind['name'], LinkKind>;

  /** Queues a link mail after the reply. */
  function queueLinkMail(job: LinkMailJob): void {
    mailLater(job.kind, () => jobs.send(LINK_MAIL_QUEUE, job).then(() => undefined));
  }

  /**
   * A link someone asked for by email (reset, sign-in), queued before the reply: within the
   * email's silent budget (counted once, however many attempts its mail takes), a job naming the
   * address asked for, whatever it is, so every address costs the same work. The job looks the
   * address up and mails the account it finds. A queue that cannot take the job (its database is
   * down or frozen) fails the request with 503, so a 202 is a mail on its way.
   */
  async function queueAskedLink(
    kind: 'password-reset' | 'sign-in-link',
    email: string,
    budget: Limiter,
    next?: string,
  ): Promise<void> {
    if (!(await withinBudget(budget, email))) return;
    try {
      await jobs.send(LINK_MAIL_QUEUE, { kind, email, ...(next && { next }) });
    } catch (error) {
      // Nothing was queued: the budget is given back for the request asked again.
      await budget.reward(email.toLowerCase()).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Runs a link mail's job: reads the account (gone: nothing to mail), stores a new link and mails
   * it to the account's address, or for a change to the new one. A failure is logged with its
   * cause, never the token, and thrown for the queue to retry.
   */
  async function runLinkMail(job: LinkMailJob): Promise<void> {
    try {
      const user =
        'userId' in job
          ? await account.findUser(job.userId)
          : await account.findCredentials(job.email);
      if (!user) return;
      if (job.kind === 'signup') {
        await mailSignupLink(user, job.language, job.next);
      } else if (job.kind === 'signup-attempt') {
        await mailSignupAttempt({ ...user, language: await languageOf(user.id) });
      } else if (job.kind === 'email-change') {
        await mailLink(kinds[job.kind], { ...user, email: job.email }, await languageOf(user.id));
      } else {
        await mailLink(kinds[job.kind], user, await languageOf(user.id), job.next);
      }
    } catch (error) {
      log?.error(
        { mail: job.kind, cause: describeError(error) },
        `the ${job.kind} mail was not sent`,
      );
      throw error;
    }
  }

  /**
   * Stores a new link of this kind for the account and mails it to `to.email`; `next`, a path of
   * this site, rides along in the link for the page to return to after it.
   */
  async function mailLink(
    kind: LinkKind,
    user: Recipient,
    language: MailLanguage,
    next?: string,
  ): Promise<void> {
    const link = await storeLink(kind, user, next);
    const t = wordsFor(language, 'auth');
    await mailer.send({
      to: user.email,
      subject: t(`${kind.words}.subject`),
      text: [
        t('hello', { name: user.firstName }),
        '',
        t(`${kind.words}.intro`),
        t(`${kind.words}.action`, kind.values),
        '',
        link,
        '',
        t(`${kind.words}.ignore`),
      ].join('\n'),
      link,
      kind: kind.name,
    });
  }

  /** Stores a new link of this kind for the account and answers its address, with `next`. */
  async function storeLink(kind: StoredLinkKind, user: Recipient, next?: string): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await kind.store({
      id: uuidv7(now),
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email,
      createdAt: new Date(now),
      expiresAt: new Date(now + kind.minutes * 60_000),
    });
    const url = new URL(`${kind.path}?token=${token}`, publicUrl);
    if (next) url.searchParams.set('next', next);
    return url.toString();
  }

  /** A new account's link, in the language its sign-up asked for. */
  async function mailSignupLink(
    user: Recipient,
    language: MailLanguage,
    next?: string,
  ): Promise<void> {
    const link = await storeLink(signupLink, user, next);
    const t = wordsFor(language, 'auth');
    await mailer.send({
      to: user.email,
      subject: t('signupLink.subject'),
      text: [
        t('hello', { name: user.firstName }),
        '',
        t('signupLink.intro'),
        t('signupLink.action', { hours: EMAIL_CONFIRMATION_HOURS }),
        '',
        link,
        '',
        t('signupLink.ignore'),
      ].join('\n'),
      link,
      kind: 'signup',
    });
  }

  /**
   * The owner's notice that someone tried to sign up with the account's address, in the
   * account's language, with the ways in: the portal's sign-in and its password reset.
   */
  async function mailSignupAttempt(
    user: Recipient & { role: 'buyer' | 'seller'; language: MailLanguage },
  ): Promise<void> {
    const t = wordsFor(user.language, 'auth');
    const portal = user.role === 'seller' ? '/sellerauth' : '/buyerauth';
    await mailNotice(user, user.language, t('signupAttempt.subject'), [
      t('signupAttempt.intro'),
      '',
      t('signupAttempt.signIn'),
      new URL(portal, publicUrl).toString(),
      '',
      t('signupAttempt.reset'),
      new URL(`${portal}?mode=forgot`, publicUrl).toString(),
      '',
      t('signupAttempt.ignore'),
    ]);
  }

  /** A mail without a link: a notice about the account, in its language. */
  async function mailNotice(
    to: Recipient,
    language: MailLanguage,
    subject: string,
    lines: string[],
  ): Promise<void> {
    await mailer.send({
      to: to.email,
      subject,
      text: [wordsFor(language, 'auth')('hello', { name: to.firstName }), '', ...lines].join('\n'),
      kind: 'account-notice',
    });
  }

  /** A notice whose sentences are `<words>.subject`, `.intro`, … in locales/auth. */
  async function mailNoticeOf(
    to: Recipient,
    words: 'emailChangeRequested' | 'emailChanged',
    lines: string[],
    values: Record<string, string>,
  ): Promise<void> {
    const language = await languageOf(to.id);
    const t = wordsFor(language, 'auth');
    await mailNotice(
      to,
      language,
      t(`${words}.subject`),
      lines.map((line) => (line ? t(`${words}.${line}`, values) : '')),
    );
  }

  /**
   * Runs a mail's lookup and delivery after the reply. A failure is logged with its cause; the
   * link's token never reaches the log.
   */
  function mailLater(name: string, send: () => Promise<void>): void {
    setImmediate(() => {
      send().catch((error: unknown) =>
        log?.error({ mail: name, cause: describeError(error) }, `the ${name} mail was not sent`),
      );
    });
  }

  /**
   * A sign-up's mail, after the reply and within the address's silent budget: for an account
   * whose address is not confirmed yet, its link; for a confirmed one, the owner's notice that
   * someone tried the address. No account: nothing.
   */
  function queueSignupMail(
    email: string,
    options: { language?: MailLanguage; next?: string; notice?: boolean } = {},
  ): void {
    mailLater('signup', async () => {
      if (!(await withinBudget(signupMailsByEmail, email))) return;
      const user = await account.findCredentials(email);
      if (!user) return;
      const job: LinkMailJob =
        options.notice || user.emailVerifiedAt
          ? { kind: 'signup-attempt', userId: user.id }
          : {
              kind: 'signup',
              userId: user.id,
              language: options.language ?? 'en',
              ...(options.next && { next: options.next }),
            };
      await jobs.send(LINK_MAIL_QUEUE, job);
    });
  }

  /** The session a sign-in by mailed link starts; the device becomes known. */
  async function signInAs(userId: string, origin: SignInOrigin): Promise<SignedIn> {
    const presented = deviceTokensOf(origin.deviceCookie);
    const knownDevice = await devices.findForUser(presented, userId);
    return {
      user: await account.getPrivateUser(userId),
      token: await sessions.start(userId),
      deviceCookie: await devices.remember(userId, presented, knownDevice),
    };
  }

  function invalidConfirmation(): AppError {
    return new AppError(
      'VALIDATION_FAILED',
      { key: 'errors:auth.confirmationInvalid' },
      { token: INVALID_OR_EXPIRED },
    );
  }

  return {
    /** Starts this process's worker on the link mails' queue. */
    async start(): Promise<void> {
      // Four retries from 15 s, doubling: the last within about four minutes of the request.
      await jobs.define<LinkMailJob>(
        LINK_MAIL_QUEUE,
        { policy: 'standard', retryLimit: 4, retryDelaySeconds: 15 },
        runLinkMail,
      );
    },

    /**
     * After a sign-up made the account: the link that confirms its address and signs the person
     * in, mailed after the reply in the sign-up's language, carrying `next` along.
     */
    mailSignupLink(email: string, options: { language?: MailLanguage; next?: string }): void {
      queueSignupMail(email, options);
    },

    /**
     * After a sign-up with an address that has an account: the owner is told, in the account's
     * language, with the ways in (nothing else changes).
     */
    mailSignupAttempt(email: string): void {
      queueSignupMail(email, { notice: true });
    },

    /**
     * The sign-up's mail again, asked for by email with the same answer whatever the address:
     * an unconfirmed account gets a new link, a confirmed one the notice again.
     */
    async resendSignupMail(
      email: string,
      ip: string,
      options: { language?: MailLanguage; next?: string },
    ): Promise<void> {
      await signupResendsByIp.consume(ip);
      queueSignupMail(email, options);
    },

    /** After sign-up: the link that confirms the account's email, mailed after the reply. */
    mailEmailConfirmation(user: Recipient): void {
      queueLinkMail({ kind: 'email-confirmation', userId: user.id });
    },

    /** The signed-in owner asks for the confirmation mail again (limited per account and address). */
    async resendEmailConfirmation(actor: Actor, ip: string): Promise<void> {
      const user = await account.getPrivateUser(actor.userId);
      if (user.emailVerified) {
        throw new AppError('CONFLICT', { key: 'errors:auth.alreadyConfirmed' });
      }
      await confirmationsByIp.consume(ip);
      await confirmationsByAccount.consume(actor.userId);
      queueLinkMail({ kind: 'email-confirmation', userId: user.id });
    },

    /**
     * An email change the account has checked (password, address free): the link goes to the new
     * address, replacing any earlier change's, and the old address hears of the request, with no
     * link in it.
     */
    async mailEmailChange(user: Recipient, newEmail: string): Promise<void> {
      await confirmations.deleteUserConfirmations(user.id, 'change');
      queueLinkMail({ kind: 'email-change', userId: user.id, email: newEmail });
      mailLater('email-change-requested', () =>
        mailNoticeOf(user, 'emailChangeRequested', ['intro', 'until', '', 'ignore'], {
          email: newEmail,
        }),
      );
    },

    /**
     * Follows a confirmation link: the account's email is confirmed, or, for a change, the
     * account moves to the new address and the old one is told. The token is the whole proof
     * (whoever holds it reads that mailbox), so no session is needed, and it only ever acts on the
     * account it was made for. A sign-up's link also signs the person in, as a sign-in link does.
     */
    async confirmEmail(
      token: string,
      origin: SignInOrigin,
    ): Promise<{ email: string; signedIn?: SignedIn }> {
      const link = await confirmations.consumeConfirmation(hashToken(token), new Date());
      if (!link) throw invalidConfirmation();
      if (link.purpose === 'verify' || link.purpose === 'signup') {
        if (!(await account.markEmailVerified(link.userId, link.email))) {
          throw invalidConfirmation();
        }
        if (link.purpose === 'verify') return { email: link.email };
        return { email: link.email, signedIn: await signInAs(link.userId, origin) };
      }
      const { user, previousEmail } = await account.confirmEmailChange(link.userId, link.email);
      await confirmations.deleteUserConfirmations(link.userId);
      mailLater('email-changed', () =>
        mailNoticeOf(
          { id: user.id, email: previousEmail, firstName: user.firstName },
          'emailChanged',
          ['intro', '', 'ignore'],
          { email: user.email, site: publicUrl },
        ),
      );
      return { email: user.email };
    },

    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await resetsByIp.consume(ip);
      await queueAskedLink('password-reset', email, resetsByEmail);
    },

    async confirmPasswordReset(input: PasswordResetConfirmBody): Promise<void> {
      await rejectCommonPassword(input.password);
      const userId = await resets.consumeReset(hashToken(input.token), new Date());
      if (!userId) {
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'errors:auth.resetInvalid' },
          { token: INVALID_OR_EXPIRED },
        );
      }
      await account.setPasswordHash(userId, await hashPassword(input.password));
      await access.endAfterReset(userId);
    },

    async requestSignInLink(email: string, ip: string, next?: string): Promise<void> {
      await linksByIp.consume(ip);
      await queueAskedLink('sign-in-link', email, linksByEmail, next);
    },

    async signInWithLink(token: string, origin: SignInOrigin): Promise<SignedIn> {
      const userId = await signInLinks.consumeLink(hashToken(token), new Date());
      if (!userId) {
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'errors:auth.signInLinkInvalid' },
          { token: INVALID_OR_EXPIRED },
        );
      }
      return signInAs(userId, origin);
    },
  };
}

export type MailedLinksService = ReturnType<typeof createMailedLinksService>;
