import type {
  ChatPartner,
  FeaturedSellers,
  FindUsersQuery,
  PrivateUser,
  PublicProfile,
  Role,
  SignupBody,
  UpdateProfileBody,
  UsersPage,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { UsersRepository } from './users.repository.js';
import { toChatPartner, toPrivateUser, toPublicProfile } from './users.policy.js';
import { uuidv7 } from '../../lib/uuid.js';

export const FEATURED_SELLERS = 8;
export const DEFAULT_RADIUS_KM = 50;

/**
 * Letters and digits only: what reaches to_tsquery can never be operator syntax, whatever the
 * visitor typed. At most eight words.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((word) => word.length <= 40)
    .slice(0, 8);
}

function decodeDirectoryCursor(cursor: string, sort: string) {
  return decodeCursor(cursor, (parts) => {
    if (!Array.isArray(parts) || parts.length !== 3) return undefined;
    const [cursorSort, value, id] = parts as unknown[];
    if (cursorSort !== sort || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
      return undefined;
    const valid =
      sort === 'newest'
        ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
        : sort === 'relevance'
          ? // "<tier>|<created_at>": the tier of the text match, then the time within it.
            typeof value === 'string' &&
            /^[123]\|/.test(value) &&
            !Number.isNaN(Date.parse(value.slice(2)))
          : typeof value === 'number' && Number.isFinite(value);
    if (!valid) return undefined;
    return { value: value as number | string, id };
  });
}

export function createUsersService(repository: UsersRepository) {
  let placesCache:
    { at: number; places: Awaited<ReturnType<UsersRepository['findSellerPlaces']>> } | undefined;

  return {
    async getPublicProfile(id: string): Promise<PublicProfile> {
      const user = await repository.findById(id);
      if (!user) throw new AppError('NOT_FOUND', 'This profile does not exist.');
      return toPublicProfile(user);
    },

    /**
     * The directory: users of the other role, searched on the server and paged by keyset, so it
     * stays fast at any size and never repeats or skips an entry while people sign up.
     */
    async findUsers(actor: Actor | null, query: FindUsersQuery): Promise<UsersPage> {
      const role = query.role ?? (actor?.role === 'seller' ? 'buyer' : 'seller');
      if (role === 'buyer' && actor?.role !== 'seller') {
        throw new AppError(
          actor ? 'FORBIDDEN' : 'UNAUTHENTICATED',
          actor
            ? 'Clients are listed for businesses only.'
            : 'Please sign in as a business to browse clients.',
        );
      }
      const words = searchWords(query.q ?? '');
      const near = query.near
        ? { ...query.near, radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM }
        : undefined;
      const sort = query.sort ?? (words.length > 0 ? 'relevance' : near ? 'distance' : 'newest');
      if (sort === 'distance' && !near) {
        throw new AppError('VALIDATION_FAILED', 'Sorting by distance needs a point.', {
          near: 'Required for sort=distance',
        });
      }
      const after = query.cursor ? decodeDirectoryCursor(query.cursor, sort) : undefined;
      const rows = await repository.findDirectoryPage({
        role,
        words,
        text: words.join(' '),
        category: query.category,
        near,
        sort: sort === 'relevance' && words.length === 0 ? 'newest' : sort,
        limit: query.limit + 1,
        after,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          ...toPublicProfile(row.user),
          distanceKm:
            row.distanceKm === null
              ? null
              : row.user.role === 'buyer'
                ? Math.round(row.distanceKm)
                : Math.round(row.distanceKm * 10) / 10,
        })),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor([sort, last.sortValue, last.user.id])
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

    async setImage(
      userId: string,
      image: { url: string; thumbnailUrl: string },
    ): Promise<PrivateUser> {
      const user = await repository.updateUser(userId, {
        imageUrl: image.url,
        thumbnailUrl: image.thumbnailUrl,
      });
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

    /** Names and thumbnails of chat partners, deleted accounts included (shown as deleted). */
    async findChatPartners(ids: string[]): Promise<Map<string, ChatPartner>> {
      const rows = await repository.findByIds([...new Set(ids)]);
      return new Map(rows.map((user) => [user.id, toChatPartner(user)]));
    },

    /** A live account's role, for services that pair users; NOT_FOUND when it is gone. */
    async getActiveRole(id: string): Promise<Role> {
      const user = await repository.findById(id);
      if (!user) throw new AppError('NOT_FOUND', 'This profile does not exist.');
      return user.role;
    },

    /** Known seller towns with their centres; cached briefly, they change slowly. */
    async findSellerPlaces() {
      const now = Date.now();
      if (!placesCache || placesCache.at < now - 10 * 60_000) {
        placesCache = { at: now, places: await repository.findSellerPlaces() };
      }
      return placesCache.places;
    },

    countUsers: () => repository.countUsers(),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
