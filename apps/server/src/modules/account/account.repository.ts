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

    /**
     * Marks the account's email confirmed, if `email` is still its email; false otherwise. A
     * confirmation already recorded keeps its time.
     */
    async markEmailVerified(id: string, email: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
        .where(
          and(
            eq(users.id, id),
            sql`lower(${users.email}) = lower(${email})`,
            isNull(users.deletedAt),
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Moves the account to a confirmed new email, unless another account has it (any case):
     * undefined then, whether the check or the unique index finds it.
     */
    async setConfirmedEmail(id: string, email: string, now: Date): Promise<User | undefined> {
      try {
        const [row] = await db
          .update(users)
          .set({ email, emailVerifiedAt: now, updatedAt: now })
          .where(
            and(
              eq(users.id, id),
              isNull(users.deletedAt),
              sql`not exists (select 1 from ${users} other where lower(other.email) = lower(${email}) and other.id <> ${id})`,
            ),
          )
          .returning(userColumns);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
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

/** PostgreSQL's unique_violation, as the driver or Drizzle's wrapper carries it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
