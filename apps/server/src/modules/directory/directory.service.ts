import type {
  ChatPartner,
  FeaturedSellers,
  FindUsersQuery,
  PublicProfile,
  Role,
  UsersPage,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { DirectoryRepository } from './directory.repository.js';
import { toChatPartner, toPublicProfile } from './directory.policy.js';

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

/** The directory: public profiles and the search over them, as a visitor or a member sees them. */
export function createDirectoryService(repository: DirectoryRepository) {
  let placesCache:
    | { at: number; places: Awaited<ReturnType<DirectoryRepository['findSellerPlaces']>> }
    | undefined;

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
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
