import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';

export type OperatorRecord = typeof operators.$inferSelect;
export type OperatorSessionRecord = typeof operatorSessions.$inferSelect;

/** Operators, their recovery codes and their sessions; queries only (the services decide). */
export function createOperatorsRepository(db: Database) {
  return {
    ...operatorQueries(db),
    /** Runs `work` in one transaction; the queries it gets run in it. */
    transaction<T>(work: (tx: Database, queries: OperatorQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => {
        const inner = tx as unknown as Database;
        return work(inner, operatorQueries(inner));
      });
    },
  };
}
export type OperatorQueries = ReturnType<typeof operatorQueries>;

function operatorQueries(db: Database) {
  return {
    /** The database (or transaction) it writes in, for the audit row of the same action. */
    db,

    async insertOperator(values: {
      email: string;
      name: string;
      role: OperatorRecord['role'];
      language: OperatorRecord['language'];
      passwordHash: string;
      totpSecret: string;
    }): Promise<OperatorRecord | undefined> {
      const [row] = await db
        .insert(operators)
        .values({ id: uuidv7(), ...values })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async insertRecoveryCodes(operatorId: string, codeHashes: string[]): Promise<void> {
      await db
        .insert(operatorRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
    },

    async findByEmail(email: string): Promise<OperatorRecord | undefined> {
      const [row] = await db
        .select()
        .from(operators)
        .where(sql`lower(${operators.email}) = lower(${email})`);
      return row;
    },

    async findById(id: string): Promise<OperatorRecord | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row;
    },

    list(): Promise<OperatorRecord[]> {
      return db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.email));
    },

    /** Emails of the operators named, for the audit log's screen. */
    async emailsOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: operators.id, email: operators.email })
        .from(operators)
        .where(inArray(operators.id, ids));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    async update(
      id: string,
      values: Partial<Pick<OperatorRecord, 'role' | 'disabledAt'>>,
    ): Promise<OperatorRecord | undefined> {
      const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
      return row;
    },

    /**
     * Records `step` as the newest accepted TOTP step, only if it is newer than the last: two
     * requests with the same code race here, and exactly one of them wins.
     */
    async acceptStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step, totpFailures: 0 })
        .where(
          and(
            eq(operators.id, id),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    /** Spends a recovery code: true once per code, false for an unknown or spent one. */
    async spendRecoveryCode(operatorId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(operatorRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(operatorRecoveryCodes.operatorId, operatorId),
            eq(operatorRecoveryCodes.codeHash, codeHash),
            isNull(operatorRecoveryCodes.usedAt),
          ),
        )
        .returning({ operatorId: operatorRecoveryCodes.operatorId });
      return rows.length === 1;
    },

    async countFailure(id: string): Promise<number> {
      const [row] = await db
        .update(operators)
        .set({ totpFailures: sql`${operators.totpFailures} + 1` })
        .where(eq(operators.id, id))
        .returning({ failures: operators.totpFailures });
      return row?.failures ?? 0;
    },

    async resetFailures(id: string): Promise<void> {
      await db.update(operators).set({ totpFailures: 0 }).where(eq(operators.id, id));
    },

    async insertSession(values: {
      tokenHash: string;
      operatorId: string;
      secondFactorAt: Date | null;
      expiresAt: Date;
    }): Promise<OperatorSessionRecord> {
      const [row] = await db
        .insert(operatorSessions)
        .values({ id: uuidv7(), ...values })
        .returning();
      return row!;
    },

    /** A live session by its token's hash, with its operator. */
    async findSession(
      tokenHash: string,
      now: Date,
    ): Promise<{ session: OperatorSessionRecord; operator: OperatorRecord } | undefined> {
      const [row] = await db
        .select({ session: operatorSessions, operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(and(eq(operatorSessions.tokenHash, tokenHash), gt(operatorSessions.expiresAt, now)));
      return row;
    },

    async proveSecondFactor(sessionId: string, at: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ secondFactorAt: at })
        .where(eq(operatorSessions.id, sessionId));
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(operatorSessions).where(eq(operatorSessions.id, sessionId));
    },

    async deleteSessionsOf(operatorId: string): Promise<void> {
      await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
    },

    async purgeExpiredSessions(now: Date): Promise<void> {
      await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, now));
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
