import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  appeals,
  moderationDecisions,
  notificationSettings,
  reports,
  reviews,
  users,
} from '../../db/schema/index.js';

export type DecisionRow = typeof moderationDecisions.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

/** A member as the console names them, with what restricts their account. */
export interface MemberRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'buyer' | 'seller';
  createdAt: Date;
  deletedAt: Date | null;
  hiddenAt: Date | null;
  suspendedUntil: Date | null;
  terminatesAt: Date | null;
  terminatedAt: Date | null;
}

export type Restrictions = Pick<
  MemberRow,
  'hiddenAt' | 'suspendedUntil' | 'terminatesAt' | 'terminatedAt'
>;

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  hiddenAt: users.hiddenAt,
  suspendedUntil: users.suspendedUntil,
  terminatesAt: users.terminatesAt,
  terminatedAt: users.terminatedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The queries of reports, decisions and appeals; the service owns the transactions. */
export function createModerationRepository(db: Database) {
  return {
    async findReports(status: 'open' | 'resolved'): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(eq(reports.status, status))
        .orderBy(desc(reports.createdAt))
        .limit(1000);
    },

    async findReport(id: string): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },

    async findReportsByIds(tx: Database, ids: string[]): Promise<ReportRow[]> {
      if (!ids.length) return [];
      return tx.select().from(reports).where(inArray(reports.id, ids));
    },

    async findReportsOf(userId: string): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(eq(reports.subjectUserId, userId))
        .orderBy(desc(reports.createdAt))
        .limit(200);
    },

    async findMember(id: string, tx: Database = db): Promise<MemberRow | undefined> {
      const [row] = await tx.select(memberColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async findMembers(ids: string[]): Promise<MemberRow[]> {
      if (!ids.length) return [];
      return db.select(memberColumns).from(users).where(inArray(users.id, ids));
    },

    /** Accounts whose email or name holds `q`, deleted ones left out. */
    async searchMembers(q: string): Promise<MemberRow[]> {
      const pattern = `%${escapeLike(q)}%`;
      return db
        .select(memberColumns)
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            or(
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            ),
          ),
        )
        .orderBy(users.email)
        .limit(25);
    },

    async languageOf(userId: string): Promise<string> {
      const [row] = await db
        .select({ language: notificationSettings.language })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return row?.language ?? 'en';
    },

    async insertDecision(tx: Database, row: typeof moderationDecisions.$inferInsert) {
      const [inserted] = await tx.insert(moderationDecisions).values(row).returning();
      return inserted!;
    },

    async setRestrictions(tx: Database, userId: string, patch: Partial<Restrictions>) {
      await tx.update(users).set(patch).where(eq(users.id, userId));
    },

    /**
     * Takes a review's part down (`at`) or brings it back (null): the one write this module makes
     * to the reviews' table, in the decision's transaction. Reviews read it at every read.
     */
    async setReviewRemoved(
      tx: Database,
      review: { id: string; part: 'review' | 'reply' },
      at: Date | null,
    ) {
      await tx
        .update(reviews)
        .set(review.part === 'review' ? { removedAt: at } : { replyRemovedAt: at })
        .where(eq(reviews.id, review.id));
    },

    async resolveReports(tx: Database, ids: string[], decisionId: string, at: Date) {
      if (!ids.length) return;
      await tx
        .update(reports)
        .set({ status: 'resolved', decisionId, resolvedAt: at })
        .where(and(inArray(reports.id, ids), eq(reports.status, 'open')));
    },

    async findDecision(id: string): Promise<DecisionRow | undefined> {
      const [row] = await db
        .select()
        .from(moderationDecisions)
        .where(eq(moderationDecisions.id, id));
      return row;
    },

    async findDecisionsOf(userId: string): Promise<DecisionRow[]> {
      return db
        .select()
        .from(moderationDecisions)
        .where(eq(moderationDecisions.subjectUserId, userId))
        .orderBy(desc(moderationDecisions.createdAt));
    },

    /** The reports each decision resolved, by decision id. */
    async reportIdsOf(decisionIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (!decisionIds.length) return map;
      const rows = await db
        .select({ id: reports.id, decisionId: reports.decisionId })
        .from(reports)
        .where(inArray(reports.decisionId, decisionIds))
        .orderBy(desc(reports.createdAt));
      for (const row of rows)
        map.set(row.decisionId!, [...(map.get(row.decisionId!) ?? []), row.id]);
      return map;
    },

    async findAppealsOf(userId: string): Promise<AppealRow[]> {
      return db
        .select()
        .from(appeals)
        .where(eq(appeals.userId, userId))
        .orderBy(desc(appeals.createdAt));
    },

    async findAppealsOfDecisions(decisionIds: string[], tx: Database = db): Promise<AppealRow[]> {
      if (!decisionIds.length) return [];
      return tx.select().from(appeals).where(inArray(appeals.decisionId, decisionIds));
    },

    /**
     * Holds the decision's row until the transaction ends, so two appeals of it sent at once
     * are checked one after the other.
     */
    async lockDecision(tx: Database, id: string): Promise<void> {
      await tx
        .select({ id: moderationDecisions.id })
        .from(moderationDecisions)
        .where(eq(moderationDecisions.id, id))
        .for('update');
    },

    async findAppeals(decided: boolean): Promise<AppealRow[]> {
      return db
        .select()
        .from(appeals)
        .where(decided ? sql`${appeals.status} <> 'open'` : eq(appeals.status, 'open'))
        .orderBy(decided ? desc(appeals.decidedAt) : appeals.createdAt)
        .limit(200);
    },

    async findAppeal(id: string): Promise<AppealRow | undefined> {
      const [row] = await db.select().from(appeals).where(eq(appeals.id, id));
      return row;
    },

    async findDecisions(ids: string[]): Promise<DecisionRow[]> {
      if (!ids.length) return [];
      return db.select().from(moderationDecisions).where(inArray(moderationDecisions.id, ids));
    },

    async insertAppeal(tx: Database, row: typeof appeals.$inferInsert) {
      const [inserted] = await tx.insert(appeals).values(row).returning();
      return inserted!;
    },

    /** Decides an open appeal; false when another operator decided it first. */
    async closeAppeal(
      tx: Database,
      id: string,
      outcome: 'upheld' | 'reversed',
      outcomeDecisionId: string,
      at: Date,
    ): Promise<boolean> {
      const rows = await tx
        .update(appeals)
        .set({ status: outcome, outcomeDecisionId, decidedAt: at })
        .where(and(eq(appeals.id, id), eq(appeals.status, 'open')))
        .returning({ id: appeals.id });
      return rows.length === 1;
    },

    /** Ends a scheduled termination that is due and still scheduled; the user's id when it did. */
    async terminateIfDue(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ terminatedAt: now })
        .where(
          and(
            eq(users.id, userId),
            isNull(users.terminatedAt),
            sql`${users.terminatesAt} is not null`,
            sql`${users.terminatesAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** The year's counts for the transparency report. */
    async countYear(from: Date, to: Date) {
      const inYear = (column: AnyPgColumn) => and(gte(column, from), lt(column, to));
      const [reportCounts] = await db
        .select({
          notices: sql<number>`count(*) filter (where ${reports.source} = 'notice')`.mapWith(
            Number,
          ),
          members: sql<number>`count(*) filter (where ${reports.source} = 'member')`.mapWith(
            Number,
          ),
        })
        .from(reports)
        .where(inYear(reports.createdAt));
      const kinds = await db
        .select({
          kind: moderationDecisions.kind,
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(moderationDecisions)
        .where(and(inYear(moderationDecisions.createdAt), isNull(moderationDecisions.appealOf)))
        .groupBy(moderationDecisions.kind);
      const [appealCounts] = await db
        .select({
          received: sql<number>`count(*)`.mapWith(Number),
          reversed: sql<number>`count(*) filter (where ${appeals.status} = 'reversed')`.mapWith(
            Number,
          ),
        })
        .from(appeals)
        .where(inYear(appeals.createdAt));
      // From each report to the decision that resolved it, of decisions made in the year.
      const [median] = await db
        .select({
          seconds: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from ${moderationDecisions.createdAt} - ${reports.createdAt}))`.mapWith(
            (value) => (value === null ? null : Number(value)),
          ),
        })
        .from(reports)
        .innerJoin(moderationDecisions, eq(reports.decisionId, moderationDecisions.id))
        .where(inYear(moderationDecisions.createdAt));
      return {
        notices: reportCounts?.notices ?? 0,
        memberReports: reportCounts?.members ?? 0,
        kinds,
        appeals: { received: appealCounts?.received ?? 0, reversed: appealCounts?.reversed ?? 0 },
        medianSeconds: median?.seconds ?? null,
      };
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
