import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import { blockedBetween, listed, userColumns, users, type User } from '../../db/schema/index.js';
import {
  createDirectorySearch,
  type DirectorySearchOptions,
} from './directory-search.repository.js';

export type { User };
export type {
  CountedDirectoryPage,
  DirectoryQuery,
  DirectoryRow,
} from './directory-search.repository.js';

/** The directory's reads: profiles, featured sellers, seller places and the search. */
export function createDirectoryRepository(db: Database, options: DirectorySearchOptions = {}) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /**
     * A profile others may see: listed (not hidden, suspended or terminated), and, for a
     * signed-in viewer, with no block either way between them. Owners see their own always.
     */
    async findShownProfile(id: string, viewerId: string | undefined): Promise<User | undefined> {
      if (viewerId === id) return this.findById(id);
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(
          and(
            eq(users.id, id),
            listed(),
            viewerId ? sql`not ${blockedBetween(sql`${viewerId}::uuid`, users.id)}` : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    /** Includes deleted accounts: their anonymised rows still name chat authors. */
    async findByIds(ids: string[]): Promise<User[]> {
      if (ids.length === 0) return [];
      return db.select(userColumns).from(users).where(inArray(users.id, ids));
    },

    /** Sellers with a photo and a description, one per sector in turn, for the landing page. */
    async findFeaturedSellers(limit: number): Promise<User[]> {
      const ranked = db
        .select({
          id: users.id,
          rank: sql<number>`row_number() over (partition by ${users.category} order by ${users.createdAt}, ${users.id})`.as(
            'rank',
          ),
        })
        .from(users)
        .where(
          and(
            eq(users.role, 'seller'),
            listed(),
            sql`${users.imageUrl} is not null`,
            sql`${users.description} <> ''`,
          ),
        )
        .as('ranked');
      return db
        .select(userColumns)
        .from(users)
        .innerJoin(ranked, eq(ranked.id, users.id))
        .orderBy(ranked.rank, users.category)
        .limit(limit);
    },

    ...createDirectorySearch(db, options),

    /**
     * Places sellers are in: the town part of their address ("…, Lisbon, Portugal" → Lisbon)
     * with the centre of its sellers, so "in Porto" can become a point on the map.
     */
    async findSellerPlaces(): Promise<
      { name: string; lat: number; lng: number; sellers: number }[]
    > {
      const rows = await selectRows<{ name: string; lat: number; lng: number; sellers: number }>(
        db,
        sql`select trim(split_part(${users.address}, ',', -2)) as name,
                   avg(${users.lat})::float8 as lat, avg(${users.lng})::float8 as lng,
                   count(*)::int as sellers
            from ${users}
            where ${users.role} = 'seller' and ${users.deletedAt} is null
              and ${users.lat} is not null and ${users.address} like '%,%,%'
            group by 1
            having count(*) > 0
            order by 4 desc
            limit 500`,
      );
      return rows.filter((row) => row.name.length > 1);
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
