import type {
  AccountExport,
  ChangeEmailBody,
  ChangePasswordBody,
  PrivateUser,
  SignupBody,
  UpdateProfileBody,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, rejectCommonPassword, verifyPassword } from '../../lib/password.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { IncomingFile, UploadsService } from '../uploads/uploads.service.js';
import type { AccountRepository, User } from './account.repository.js';
import { toPrivateUser } from './account.policy.js';

/**
 * What the account needs of auth: ending the ways into it. Auth passes its access service in
 * (app.ts), so the account module depends on no other module while auth depends on it.
 */
export interface AccountAccess {
  endOtherSessions(userId: string, keptSessionId: string): Promise<unknown>;
  endAll(userId: string): Promise<unknown>;
}

/**
 * What the account needs of auth's mailed links: an email change waits for the link mailed to the
 * new address, and the old address is told. Passed in by app.ts like `AccountAccess`.
 */
export interface AccountEmailLinks {
  mailEmailChange(
    user: { id: string; email: string; firstName: string },
    newEmail: string,
  ): Promise<void>;
}

/** One counted password attempt, settled once the password is checked. */
export interface PasswordAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * What the account needs of auth's sign-in throttle: every re-entry of the current password is
 * counted, per account, before it is checked (ARCHITECTURE.md, Throttling). Passed in by app.ts.
 */
export interface PasswordReentry {
  /** Throws RATE_LIMITED (429, Retry-After) once the account has had its wrong passwords. */
  admitReentry(account: { userId: string; email: string }): Promise<PasswordAttempt>;
}

export interface AccountServiceDependencies {
  repository: AccountRepository;
  uploads: UploadsService;
  chats: ChatsService;
  /** Auth's side of a password change and of a deletion: sessions, devices and mailed links. */
  access: AccountAccess;
  /** Auth's side of an email change: the confirmation link and the notices. */
  emailLinks: AccountEmailLinks;
  /** Auth's throttle on the current password, shared with sign-in. */
  reentry: PasswordReentry;
  /**
   * The notifications' side of a deletion and of the export: the browsers that get web push for
   * the account, and the mail settings.
   */
  devicePush: {
    forgetAll(userId: string): Promise<void>;
    exportOwn(userId: string): Promise<AccountExport['devices']>;
  };
  notificationSettings: (actor: Actor) => Promise<AccountExport['notifications']>;
  /**
   * The reports' side: the reports the account made, in its export; a deletion keeps them
   * (moderation records) without their author.
   */
  reports: {
    exportOwn(userId: string): Promise<AccountExport['reports']>;
    forgetReporter(userId: string): Promise<void>;
  };
  /**
   * Moderation's side: the decisions about the account and its appeals, in its export; a deletion
   * keeps them, about the anonymised row.
   */
  moderation: {
    findMyDecisions(actor: Actor): Promise<{ decisions: AccountExport['decisions'] }>;
  };
  /** The blocks' side: the account's own blocks in the export; a deletion leaves none. */
  blocks: {
    exportBlocks(actor: Actor): Promise<AccountExport['blocks']>;
    deleteBlocksOf(userId: string): Promise<void>;
  };
  /** A business's services with their prices: in its export; a deletion leaves none. */
  services: {
    exportOwn(userId: string): Promise<AccountExport['services']>;
    deleteAllOf(userId: string): Promise<void>;
  };
  /**
   * The deals' side: the person's requests, offers and deals in the export; a deletion ends what
   * they left open (the deals stay with the other person, who sees a former member).
   */
  deals: {
    exportOwn(actor: Actor): Promise<AccountExport['deals']>;
    endAllOf(userId: string): Promise<void>;
  };
  /**
   * Saved businesses: what a client saved in the export; a deletion leaves no row either way,
   * so a deleted business leaves every client's list.
   */
  saved: {
    exportSaved(actor: Actor): Promise<AccountExport['saved']>;
    deleteSavedOf(userId: string): Promise<void>;
  };
  /**
   * Reviews: the ones the account wrote in the export; a deletion removes those still waiting for
   * the other side, while published ones stay as a former member's.
   */
  reviews: {
    exportOf(userId: string): Promise<AccountExport['reviews']>;
    forgetAuthor(userId: string): Promise<void>;
  };
  /** Maya's settings for a business: in its export, floors included; a deletion leaves none. */
  negotiation: {
    exportOwn(userId: string): Promise<AccountExport['negotiation']>;
    deleteAllOf(userId: string): Promise<void>;
  };
  /** A client's briefs for Maya: in the export; a deletion deletes them (the deals stay). */
  briefs: {
    exportOwn(userId: string): Promise<AccountExport['briefs']>;
    deleteAllOf(userId: string): Promise<void>;
  };
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', 'Another account already uses this email.', {
    email: 'Already registered',
  });
}

/**
 * The stored names: a business's name is kept whole as its first name, so it is its `fullName`
 * everywhere (and found by the directory's name search); a client's are its first and last name.
 */
function namesOf(input: {
  role: 'buyer' | 'seller';
  firstName?: string | undefined;
  lastName?: string | undefined;
  businessName?: string | undefined;
}): { firstName: string; lastName: string } {
  if (input.role === 'seller' && input.businessName) {
    return { firstName: input.businessName, lastName: '' };
  }
  return { firstName: input.firstName ?? '', lastName: input.lastName ?? '' };
}

function accountGone(): AppError {
  return new AppError('NOT_FOUND', 'This account no longer exists.');
}

/**
 * The signed-in person's own account: its private view, profile, email, password, data export and
 * deletion. Email, password and deletion changes need the current password. Sign-up (auth) creates
 * the row through `createAccount`.
 */
export function createAccountService({
  repository,
  uploads,
  chats,
  access,
  emailLinks,
  reentry,
  devicePush,
  notificationSettings,
  reports,
  moderation,
  blocks,
  services,
  deals,
  saved,
  reviews,
  negotiation,
  briefs,
}: AccountServiceDependencies) {
  /**
   * Checks the current password, typed into `field`. The attempt is counted first, so guesses
   * sent side by side cannot slip under the limit; a refusal names the field too.
   */
  async function requirePassword(userId: string, password: string, field: string): Promise<void> {
    const wrong = () =>
      new AppError('VALIDATION_FAILED', 'Your current password is not correct.', {
        [field]: 'Incorrect password',
      });
    const user = await repository.findById(userId);
    if (!user) throw wrong();

    let attempt: PasswordAttempt;
    try {
      attempt = await reentry.admitReentry({ userId, email: user.email });
    } catch (refusal) {
      if (!(refusal instanceof AppError) || refusal.code !== 'RATE_LIMITED') throw refusal;
      throw new AppError(
        refusal.code,
        refusal.detail,
        { [field]: 'Too many wrong passwords' },
        refusal.headers,
      );
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await attempt.failed();
      throw wrong();
    }
    await attempt.succeeded();
  }

  async function getPrivateUser(id: string): Promise<PrivateUser> {
    const user = await repository.findById(id);
    if (!user) throw accountGone();
    return toPrivateUser(user);
  }

  return {
    getPrivateUser,

    /** For auth only: the live account's row, or undefined when it is gone. */
    findUser: (id: string): Promise<User | undefined> => repository.findById(id),

    /** For auth only: the row with its password hash, or undefined for an unknown email. */
    findCredentials: (email: string): Promise<User | undefined> => repository.findByEmail(email),

    /** For sign-up (auth), after it has checked the password and the avatar. */
    async createAccount(
      input: Omit<SignupBody, 'password' | 'imageUploadId'> & { passwordHash: string },
    ): Promise<PrivateUser> {
      const now = new Date();
      const user = await repository.insertUser({
        id: uuidv7(now.getTime()),
        role: input.role,
        email: input.email,
        passwordHash: input.passwordHash,
        ...namesOf(input),
        description: input.description,
        category: input.role === 'seller' ? (input.category ?? null) : null,
        address: input.location?.address ?? null,
        lat: input.location?.lat ?? null,
        lng: input.location?.lng ?? null,
        createdAt: now,
        updatedAt: now,
      });
      if (!user) {
        throw new AppError(
          'CONFLICT',
          'An account with this email already exists. Sign in instead.',
          {
            email: 'Already registered',
          },
        );
      }
      return toPrivateUser(user);
    },

    /** For sign-up: the avatar uploaded before the account existed. */
    async setImage(
      userId: string,
      image: { url: string; thumbnailUrl: string },
    ): Promise<PrivateUser> {
      const user = await repository.updateUser(userId, {
        imageUrl: image.url,
        thumbnailUrl: image.thumbnailUrl,
      });
      if (!user) throw accountGone();
      return toPrivateUser(user);
    },

    /**
     * The owner's new photo (a client) or logo (a business): checked and stored first, then shown
     * on the account, and only then is the old image removed, rows and files.
     */
    async changePhoto(actor: Actor, file: IncomingFile): Promise<PrivateUser> {
      const current = await repository.findById(actor.userId);
      if (!current) throw accountGone();
      const image = await uploads.storeOwnAvatar(actor, file);
      const user = await repository
        .updateUser(actor.userId, { imageUrl: image.url, thumbnailUrl: image.thumbnailUrl })
        .catch(async (error: unknown) => {
          await uploads.discardUpload(actor.userId, image.id);
          throw error;
        });
      if (!user) throw accountGone();
      await uploads.removeReplacedAvatars(actor.userId, image.id, [
        current.imageUrl,
        current.thumbnailUrl,
      ]);
      return toPrivateUser(user);
    },

    /** For a password reset (auth), which has checked the link. */
    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await repository.updateUser(userId, { passwordHash });
    },

    async updateProfile(actor: Actor, body: UpdateProfileBody): Promise<PrivateUser> {
      const current = await repository.findById(actor.userId);
      if (!current) throw accountGone();
      const { location, category, businessName, trader, ...names } = body;
      if (businessName !== undefined && current.role !== 'seller') {
        throw new AppError('VALIDATION_FAILED', 'Only a business has a business name.', {
          businessName: 'Only for a business',
        });
      }
      if (trader !== undefined && current.role !== 'seller') {
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'errors:account.traderOnly' },
          { trader: 'Only for a business' },
        );
      }
      const user = await repository.updateUser(actor.userId, {
        ...names,
        ...(businessName !== undefined ? { firstName: businessName, lastName: '' } : {}),
        ...(category !== undefined && current.role === 'seller' ? { category } : {}),
        ...(trader !== undefined ? { trader } : {}),
        ...(location !== undefined
          ? {
              address: location?.address ?? null,
              lat: location?.lat ?? null,
              lng: location?.lng ?? null,
            }
          : {}),
      });
      return toPrivateUser(user!);
    },

    /**
     * Asks for a new email: nothing changes until the link mailed to the new address is followed
     * (`confirmEmailChange`); the old address is told a change was asked for.
     */
    async changeEmail(
      actor: Actor,
      input: ChangeEmailBody,
    ): Promise<{ user: PrivateUser; pendingEmail: string }> {
      await requirePassword(actor.userId, input.password, 'password');
      const user = await repository.findById(actor.userId);
      if (!user) throw accountGone();
      if (user.email.toLowerCase() === input.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', 'This is already the email of your account.', {
          email: 'Already your email',
        });
      }
      if (await repository.isEmailTaken(input.email, actor.userId)) throw emailTaken();
      await emailLinks.mailEmailChange(user, input.email);
      return { user: toPrivateUser(user), pendingEmail: input.email };
    },

    /**
     * For auth, once a link mailed for the account's own email is followed: false when the
     * account's email is no longer that address.
     */
    markEmailVerified: (userId: string, email: string): Promise<boolean> =>
      repository.markEmailVerified(userId, email, new Date()),

    /**
     * For auth, once the link mailed to a new address is followed: the account takes the address,
     * confirmed, unless another account took it meanwhile. Answers the address it leaves.
     */
    async confirmEmailChange(
      userId: string,
      email: string,
    ): Promise<{ user: PrivateUser; previousEmail: string }> {
      const before = await repository.findById(userId);
      if (!before) throw accountGone();
      const user = await repository.setConfirmedEmail(userId, email, new Date());
      if (!user) {
        if (!(await repository.findById(userId))) throw accountGone();
        throw emailTaken();
      }
      return { user: toPrivateUser(user), previousEmail: before.email };
    },

    /** Every other session of the account is signed out; this one stays. */
    async changePassword(actor: Actor, input: ChangePasswordBody): Promise<void> {
      await requirePassword(actor.userId, input.currentPassword, 'currentPassword');
      await rejectCommonPassword(input.password);
      await repository.updateUser(actor.userId, {
        passwordHash: await hashPassword(input.password),
      });
      await access.endOtherSessions(actor.userId, actor.sessionId);
    },

    /**
     * Removes personal data but keeps the row, so others' chat history and deals still have an
     * author. Images go first: if the storage fails, the account is untouched and deletion can be
     * retried.
     */
    async deleteAccount(actor: Actor, password: string): Promise<void> {
      await requirePassword(actor.userId, password, 'password');
      await uploads.deleteAllOf(actor.userId);
      // What the person left open ends before the row is anonymised, so a failure leaves the
      // account as it was and the deletion can be tried again.
      await deals.endAllOf(actor.userId);
      await reviews.forgetAuthor(actor.userId);
      await repository.updateUser(actor.userId, {
        email: `deleted-${actor.userId}@deleted.invalid`,
        passwordHash: '!',
        firstName: 'Deleted',
        lastName: 'user',
        description: '',
        category: null,
        address: null,
        lat: null,
        lng: null,
        imageUrl: null,
        thumbnailUrl: null,
        trader: null,
        deletedAt: new Date(),
      });
      await access.endAll(actor.userId);
      await devicePush.forgetAll(actor.userId);
      await reports.forgetReporter(actor.userId);
      await blocks.deleteBlocksOf(actor.userId);
      await negotiation.deleteAllOf(actor.userId);
      await briefs.deleteAllOf(actor.userId);
      await services.deleteAllOf(actor.userId);
      await saved.deleteSavedOf(actor.userId);
    },

    /** Everything the service holds about the caller (GDPR art. 15 and 20). */
    async exportData(actor: Actor): Promise<AccountExport> {
      return {
        exportedAt: new Date().toISOString(),
        account: await getPrivateUser(actor.userId),
        uploads: await uploads.listOwnUploads(actor.userId),
        gallery: await uploads.getGallery(actor.userId),
        chats: await chats.exportChats(actor),
        notifications: await notificationSettings(actor),
        blocks: await blocks.exportBlocks(actor),
        devices: await devicePush.exportOwn(actor.userId),
        reports: await reports.exportOwn(actor.userId),
        services: await services.exportOwn(actor.userId),
        negotiation: await negotiation.exportOwn(actor.userId),
        saved: await saved.exportSaved(actor),
        decisions: (await moderation.findMyDecisions(actor)).decisions,
        deals: await deals.exportOwn(actor),
        reviews: await reviews.exportOf(actor.userId),
        briefs: await briefs.exportOwn(actor.userId),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
