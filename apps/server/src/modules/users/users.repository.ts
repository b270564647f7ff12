import { and, eq, getTableColumns, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

// The generated search vector is an index input, never read back.
const { search: _search, searchText: _searchText, ...userColumns } = getTableColumns(users);
export type User = Omit<UserRow, 'search' | 'searchText'>;

export interface DirectoryQuery {
  role: UserRow['role'];
  /** Prefix tsquery built from the words of the search, or undefined for no text filter. */
  words?: string[];
  text?: string;
  category?: NonNullable<UserRow['category']>;
  near?: { lat: number; lng: number; radiusKm: number };
  sort: 'relevance' | 'distance' | 'newest';
  limit: number;
  after?: { value: number | string; id: string };
}

export interface DirectoryRow {
  user: User;
  distanceKm: number | null;
  sortValue: number | string;
}

const EARTH_KM_PER_DEGREE = 111.32;

export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
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
            isNull(users.deletedAt),
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

    async findByEmail(email: string): Promise<User | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /** Inserts a user, or returns undefined when the email is already registered. */
    async insertUser(values: NewUserRow): Promise<User | undefined> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing()
        .returning(userColumns);
      return row;
    },

    async updateUser(id: string, values: Partial<NewUserRow>): Promise<User | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(userColumns);
      return row;
    },

    async isEmailTaken(email: string, exceptId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    /** Includes deleted accounts: their anonymised rows still name chat authors. */
    async findByIds(ids: string[]): Promise<User[]> {
      if (ids.length === 0) return [];
      return db.select(userColumns).from(users).where(inArray(users.id, ids));
    },

    /**
     * One page of the directory. Text matches the weighted full-text vector (prefixes, so "bea"
     * finds "beauty") or trigrams of name, sector and place (so typos match); distance uses a
     * bounding box on the lat/lng index, then the exact great-circle distance.
     */
    async findDirectoryPage(query: DirectoryQuery): Promise<DirectoryRow[]> {
      const tsquery = query.words?.length
        ? sql`to_tsquery('simple', ${query.words.map((word) => `${word}:*`).join(' & ')})`
        : undefined;
      const score = tsquery
        ? sql`(ts_rank(${users.search}, ${tsquery})::float8 * 2 + word_similarity(${query.text!}, ${users.searchText})::float8)`
        : sql`0::float8`;
      const distance = query.near
        ? sql`(earth_distance(ll_to_earth(${users.lat}, ${users.lng}), ll_to_earth(${query.near.lat}, ${query.near.lng})) / 1000)::float8`
        : sql`null::float8`;

      const conditions = [eq(users.role, query.role), isNull(users.deletedAt)];
      if (query.category) conditions.push(eq(users.category, query.category));
      if (tsquery) {
        conditions.push(
          or(sql`${users.search} @@ ${tsquery}`, sql`${query.text!} <% ${users.searchText}`)!,
        );
      }
      if (query.near) {
        const { lat, lng, radiusKm } = query.near;
        const latSpan = radiusKm / EARTH_KM_PER_DEGREE;
        const lngSpan =
          radiusKm / (EARTH_KM_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
        conditions.push(
          sql`${users.lat} between ${lat - latSpan} and ${lat + latSpan}`,
          sql`${users.lng} between ${lng - lngSpan} and ${lng + lngSpan}`,
          sql`${distance} <= ${radiusKm}`,
        );
      }

      const sortValue =
        query.sort === 'relevance'
          ? score
          : query.sort === 'distance'
            ? distance
            : sql`${users.createdAt}`;
      if (query.after) {
        const { value, id } = query.after;
        if (query.sort === 'distance') {
          conditions.push(sql`(${distance}, ${users.id}) > (${value}::float8, ${id}::uuid)`);
        } else if (query.sort === 'relevance') {
          conditions.push(sql`(${score}, ${users.id}) < (${value}::float8, ${id}::uuid)`);
        } else {
          conditions.push(
            sql`(${users.createdAt}, ${users.id}) < (${value}::timestamptz, ${id}::uuid)`,
          );
        }
      }
      const order =
        query.sort === 'distance'
          ? [sql`${distance} asc`, sql`${users.id} asc`]
          : [sql`${sortValue} desc`, sql`${users.id} desc`];

      const rows = await db
        .select({ ...userColumns, distanceKm: distance, sortValue })
        .from(users)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(query.limit);
      return rows.map(({ distanceKm, sortValue: value, ...user }) => ({
        user,
        distanceKm: distanceKm === null ? null : Number(distanceKm),
        sortValue: value instanceof Date ? value.toISOString() : (value as number | string),
      }));
    },

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

    async countUsers(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
      return row?.count ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
