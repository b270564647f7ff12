import type {
  LegacyAccountUpdateBody,
  LegacyProfileAnswer,
  LegacySessionAnswer,
  LegacySignupBody,
  LegacyUser,
  LoginBody,
  Role,
} from '@maya/contracts';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  putGalleryBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountService } from '../account/account.service.js';
import type { AuthService, SignInOrigin } from '../auth/auth.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { IncomingFile, UploadsService } from '../uploads/uploads.service.js';
import {
  absoluteUrl,
  avatarUploadIdOf,
  splitFullName,
  toLegacyUpload,
  toLegacyUser,
  urlPath,
} from './legacy.mapping.js';
import { validateAs } from './legacy.validation.js';

/** The most users GET /api/user/all answers with, per role (the newest ones). */
export const LEGACY_USERS_MAX = 1000;
const PAGE = 100;

export interface LegacyUsersServiceDependencies {
  auth: AuthService;
  account: AccountService;
  directory: DirectoryService;
  uploads: UploadsService;
  publicUrl: string;
}

function requireSelf(actor: Actor, userId: string): void {
  if (actor.userId !== userId) {
    throw new AppError('FORBIDDEN', 'You can only read or change your own account.');
  }
}

/**
 * An email change's problems name the /api/v1 field `password`; the old client types the same
 * password into `currentPassword`, so its problems name that field.
 */
async function currentPasswordNamed<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors?.password) throw error;
    const { password, ...others } = error.errors;
    throw new AppError(
      error.code,
      error.detail,
      { ...others, currentPassword: password },
      error.headers,
    );
  }
}

/**
 * The original client's user calls (/api/user…, /user…, /api/upload) over the auth, account,
 * directory and uploads services: old fields are mapped, then checked by the /api/v1 schema they
 * stand for, and every decision is those services'.
 */
export function createLegacyUsersService({
  auth,
  account,
  directory,
  uploads,
  publicUrl,
}: LegacyUsersServiceDependencies) {
  async function ownRecord(userId: string): Promise<LegacyUser> {
    const [user, gallery] = await Promise.all([
      account.getPrivateUser(userId),
      uploads.getGallery(userId),
    ]);
    return toLegacyUser(user, publicUrl, gallery);
  }

  /** The upload id an `imgurl` of a signed-out upload carries (see POST /api/upload). */
  function avatarUploadId(img: string | null | undefined): string | undefined {
    if (!img?.trim()) return undefined;
    const id = avatarUploadIdOf(img, publicUrl);
    if (!id) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Upload the image with POST /api/upload first and send the imgurl it answers.',
        { img: 'Not an image uploaded here' },
      );
    }
    return id;
  }

  return {
    ownRecord,

    async signIn(
      body: LoginBody,
      origin: SignInOrigin,
    ): Promise<{ answer: LegacySessionAnswer; deviceCookie: string }> {
      const { user, token, deviceCookie } = await auth.login(body, origin);
      const gallery = await uploads.getGallery(user.id);
      return {
        answer: { data: toLegacyUser(user, publicUrl, gallery), token, exists: true },
        deviceCookie,
      };
    },

    /**
     * A business's `fullname` is its business name; a client's is split into first and last name.
     * A business may leave out its sector.
     */
    async signUp(body: LegacySignupBody): Promise<LegacySessionAnswer> {
      const names =
        body.role === 'seller' ? { businessName: body.fullname } : splitFullName(body.fullname);
      const hasLat = body.latitude !== undefined && body.latitude !== null;
      const hasLng = body.longitude !== undefined && body.longitude !== null;
      const address = body.location?.trim() ?? '';
      if (hasLat !== hasLng || (address && !hasLat)) {
        throw new AppError('VALIDATION_FAILED', 'Latitude and longitude are both required.', {
          latitude: 'Required with a location',
          longitude: 'Required with a location',
        });
      }
      const signup = validateAs(
        signupBodySchema,
        {
          role: body.role,
          email: body.email,
          password: body.password,
          ...names,
          description: body.description ?? '',
          category: body.category ?? null,
          location: hasLat ? { address, lat: body.latitude, lng: body.longitude } : null,
          imageUploadId: avatarUploadId(body.img),
        },
        {
          firstName: 'fullname',
          lastName: 'fullname',
          businessName: 'fullname',
          'location.lat': 'latitude',
          'location.lng': 'longitude',
          'location.address': 'location',
          imageUploadId: 'img',
        },
      );
      const { user, token } = await auth.signup(signup);
      return { data: toLegacyUser(user, publicUrl, []), token, exists: true };
    },

    /** Public profiles only, newest first, at most LEGACY_USERS_MAX per role. */
    async listUsers(actor: Actor | null): Promise<LegacyUser[]> {
      const roles: Role[] = actor?.role === 'seller' ? ['seller', 'buyer'] : ['seller'];
      const data: LegacyUser[] = [];
      for (const role of roles) {
        let cursor: string | undefined;
        let count = 0;
        do {
          const page = await directory.findUsers(actor, { role, limit: PAGE, cursor });
          for (const profile of page.items) data.push(toLegacyUser(profile, publicUrl));
          count += page.items.length;
          cursor = page.nextCursor ?? undefined;
        } while (cursor && count < LEGACY_USERS_MAX);
      }
      return data;
    },

    /** PUT /api/user/{id}: my own record, after saving `files` as my gallery when sent. */
    async loadOrSaveGallery(
      actor: Actor,
      userId: string,
      files: string[] | undefined,
    ): Promise<LegacyUser> {
      requireSelf(actor, userId);
      if (files) {
        const own = await uploads.listOwnUploads(actor.userId);
        const byPath = new Map(own.map((image) => [urlPath(image.url, publicUrl), image.id]));
        const unknown = files.filter((url) => !byPath.has(urlPath(url, publicUrl)));
        if (unknown.length > 0) {
          throw new AppError('NOT_FOUND', 'Some of these images do not exist or are not yours.', {
            files: unknown.join(', '),
          });
        }
        const { imageIds } = validateAs(
          putGalleryBodySchema,
          { imageIds: files.map((url) => byPath.get(urlPath(url, publicUrl))) },
          { imageIds: 'files' },
        );
        await uploads.setGallery(actor, imageIds);
      }
      return ownRecord(actor.userId);
    },

    /** The assistant's seller card; anything but an existing business is `success: false`. */
    async profileCard(id: string): Promise<LegacyProfileAnswer> {
      const profile = await directory.getPublicProfile(null, { id }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      });
      if (!profile || profile.role !== 'seller') {
        return { success: false, message: 'Failed to create user profile.' };
      }
      return {
        success: true,
        profile: {
          name: profile.fullName,
          id: profile.id,
          profileLink: absoluteUrl(`/sellers/${profile.id}`, publicUrl),
          profileImage: profile.imageUrl ? absoluteUrl(profile.imageUrl, publicUrl) : null,
        },
      };
    },

    /** Signed in: gallery images. Signed out: one sign-up image, whose imgurl names its upload. */
    async upload(actor: Actor | null, files: IncomingFile[]) {
      const kind = actor ? 'gallery' : 'avatar';
      const stored = await uploads.storeImages(actor, kind, files);
      return stored.map((image) => toLegacyUpload(image, kind, publicUrl));
    },

    /** GET /user?email=: only the caller's own email is answered; any other is the same 404. */
    async findOwnByEmail(actor: Actor, email: string): Promise<LegacyUser> {
      const me = await account.getPrivateUser(actor.userId);
      if (me.email.toLowerCase() !== email.toLowerCase()) {
        throw new AppError('NOT_FOUND', 'No account you can see has this email.');
      }
      return ownRecord(actor.userId);
    },

    /**
     * PUT /user/accountuserInfo/{id}: names, a location, an email or a password, each through
     * the /api/v1 rule it stands for; email and password changes need the current password.
     */
    async updateAccount(
      actor: Actor,
      userId: string,
      body: LegacyAccountUpdateBody,
    ): Promise<{ data: LegacyUser; message: string }> {
      requireSelf(actor, userId);
      const messages: string[] = [];

      if (body.firstName !== undefined || body.lastName !== undefined) {
        const names = validateAs(updateProfileBodySchema, {
          firstName: body.firstName,
          lastName: body.lastName,
        });
        await account.updateProfile(actor, names);
        messages.push('User Updated');
      }
      if (body.latitude !== undefined || body.longitude !== undefined) {
        if (body.latitude === undefined || body.longitude === undefined) {
          throw new AppError('VALIDATION_FAILED', 'Latitude and longitude are both required.', {
            [body.latitude === undefined ? 'latitude' : 'longitude']: 'Required',
          });
        }
        const current = await account.getPrivateUser(actor.userId);
        const { location } = validateAs(
          updateProfileBodySchema,
          {
            location: {
              address: current.location?.address ?? '',
              lat: body.latitude,
              lng: body.longitude,
            },
          },
          { 'location.lat': 'latitude', 'location.lng': 'longitude' },
        );
        await account.updateProfile(actor, { location });
        messages.push('Location Updated');
      }
      if (body.email !== undefined || body.password !== undefined) {
        if (!body.currentPassword) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Enter your current password to change the email or the password.',
            { currentPassword: 'Required' },
          );
        }
      }
      if (body.email !== undefined) {
        const change = validateAs(
          changeEmailBodySchema,
          {
            email: body.email,
            confirmEmail: body.confirmEmail ?? body.email,
            password: body.currentPassword,
          },
          { password: 'currentPassword' },
        );
        // Pending until the link mailed to the new address is followed (docs/deviations.md).
        const { pendingEmail } = await currentPasswordNamed(account.changeEmail(actor, change));
        messages.push(`Email change pending: follow the link sent to ${pendingEmail}`);
      }
      if (body.password !== undefined) {
        const change = validateAs(changePasswordBodySchema, {
          currentPassword: body.currentPassword,
          password: body.password,
          confirmPassword: body.confirmPassword ?? body.password,
        });
        await account.changePassword(actor, change);
        messages.push('Password Updated');
      }
      if (messages.length === 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Nothing to update: send a name, a location, an email or a password.',
        );
      }
      return { data: await ownRecord(actor.userId), message: messages.join(', ') };
    },
  };
}

export type LegacyUsersService = ReturnType<typeof createLegacyUsersService>;
