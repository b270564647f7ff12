import { and, desc, eq, getTableColumns, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TimeIdCursor } from '../../lib/cursor.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

// The generated search vector is an index input, never read back.
const { search: _search, ...userColumns } = getTableColumns(users);
export type User = Omit<UserRow, 'search'>;

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

    /** Newest first, keyset-paginated on (created_at, id) so new sign-ups never shift a page. */
    async findPageByRole(
      role: UserRow['role'],
      limit: number,
      after?: TimeIdCursor,
    ): Promise<User[]> {
      const conditions = [eq(users.role, role), isNull(users.deletedAt)];
      if (after) {
        conditions.push(
          or(
            lt(users.createdAt, after.at),
            and(eq(users.createdAt, after.at), lt(users.id, after.id)),
          )!,
        );
      }
      return db
        .select(userColumns)
        .from(users)
        .where(and(...conditions))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
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

    async countUsers(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
      return row?.count ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
