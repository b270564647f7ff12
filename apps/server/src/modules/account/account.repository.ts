import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userColumns, users, type NewUserRow, type User } from '../../db/schema/index.js';

export type { User };

/** The account's own row in `users`: created at sign-up, changed by its owner. */
export function createAccountRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
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
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
