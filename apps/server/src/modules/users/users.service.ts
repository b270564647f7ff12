import type {
  FeaturedSellers,
  FindUsersQuery,
  PrivateUser,
  PublicProfile,
  SignupBody,
  UpdateProfileBody,
  UsersPage,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { UserCursor, UsersRepository } from './users.repository.js';
import { toPrivateUser, toPublicProfile } from './users.policy.js';
import { uuidv7 } from '../../lib/uuid.js';

export const FEATURED_SELLERS = 8;

export function createUsersService(repository: UsersRepository) {
  return {
    async getPublicProfile(id: string): Promise<PublicProfile> {
      const user = await repository.findById(id);
      if (!user) throw new AppError('NOT_FOUND', 'This profile does not exist.');
      return toPublicProfile(user);
    },

    async findUsers(query: FindUsersQuery): Promise<UsersPage> {
      const after = query.cursor
        ? decodeCursor<UserCursor>(query.cursor, parseUserCursor)
        : undefined;
      const rows = await repository.findPageByRole(query.role, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toPublicProfile),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor([last.createdAt.toISOString(), last.id])
            : null,
      };
    },

    async findFeaturedSellers(): Promise<FeaturedSellers> {
      const rows = await repository.findFeaturedSellers(FEATURED_SELLERS);
      return { items: rows.map(toPublicProfile) };
    },

    async getPrivateUser(id: string): Promise<PrivateUser> {
      const user = await repository.findById(id);
      if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      return toPrivateUser(user);
    },

    /** For the auth service only: the row with its password hash. */
    findCredentials: (email: string) => repository.findByEmail(email),
    getCredentialsById: (id: string) => repository.findById(id),

    async createUser(
      input: Omit<SignupBody, 'password' | 'imageUploadId'> & { passwordHash: string },
    ): Promise<PrivateUser> {
      const now = new Date();
      const user = await repository.insertUser({
        id: uuidv7(now.getTime()),
        role: input.role,
        email: input.email,
        passwordHash: input.passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
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

    async updateProfile(actor: Actor, body: UpdateProfileBody): Promise<PrivateUser> {
      const current = await repository.findById(actor.userId);
      if (!current) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      const { location, category, ...names } = body;
      const user = await repository.updateUser(actor.userId, {
        ...names,
        ...(category !== undefined && current.role === 'seller' ? { category } : {}),
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

    /** For the auth service: credentials change only after it has checked the password. */
    async setEmail(userId: string, email: string): Promise<PrivateUser> {
      if (await repository.isEmailTaken(email, userId)) {
        throw new AppError('CONFLICT', 'Another account already uses this email.', {
          email: 'Already registered',
        });
      }
      const user = await repository.updateUser(userId, { email });
      if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
      return toPrivateUser(user);
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await repository.updateUser(userId, { passwordHash });
    },

    /** Removes personal data but keeps the row, so others' chat history still has an author. */
    async anonymize(userId: string): Promise<void> {
      await repository.updateUser(userId, {
        email: `deleted-${userId}@deleted.invalid`,
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
        deletedAt: new Date(),
      });
    },

    countUsers: () => repository.countUsers(),
  };
}

function parseUserCursor(parts: unknown): UserCursor | undefined {
  if (!Array.isArray(parts) || parts.length !== 2) return undefined;
  const [createdAt, id] = parts as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string') return undefined;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return { createdAt: date, id };
}

export type UsersService = ReturnType<typeof createUsersService>;
