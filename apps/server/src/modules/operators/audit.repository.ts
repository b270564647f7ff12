import { createHash } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** What an operator did, as one row of the audit log. */
export interface AuditEntry {
  operatorId: string | null;
  action: string;
  subjectUserId?: string | null;
  reason?: string;
  evidenceIds?: string[];
  details?: Record<string, unknown>;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The hash of the first row's predecessor. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys sorted, so jsonb's own key order never changes a hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 of the previous hash and the row's fields (not its seq, which the database assigns). */
export function rowHash(
  prevHash: string,
  row: Omit<AuditRow, 'seq' | 'hash' | 'prevHash'>,
): string {
  return createHash('sha256')
    .update(prevHash)
    .update(
      canonical({
        at: row.at.toISOString(),
        operatorId: row.operatorId,
        action: row.action,
        subjectUserId: row.subjectUserId,
        reason: row.reason,
        evidenceIds: row.evidenceIds,
        details: row.details,
      }),
    )
    .digest('hex');
}

/**
 * Appends one row, chained to the newest. A transaction-scoped advisory lock orders concurrent
 * writers (of any process), so each row names the hash of the row before it. Pass the
 * transaction of the action it records, so the action and its row commit together.
 */
export async function appendAudit(
  db: Database,
  entry: AuditEntry,
  now = new Date(),
): Promise<AuditRow> {
  const write = async (tx: Database) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('maya.audit_log'))`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1);
    const prevHash = last?.hash ?? GENESIS_HASH;
    const fields = {
      at: new Date(Math.floor(now.getTime())),
      operatorId: entry.operatorId,
      action: entry.action,
      subjectUserId: entry.subjectUserId ?? null,
      reason: entry.reason ?? '',
      evidenceIds: entry.evidenceIds ?? [],
      details: entry.details ?? {},
    };
    const [row] = await tx
      .insert(auditLog)
      .values({ ...fields, prevHash, hash: rowHash(prevHash, fields) })
      .returning();
    return row!;
  };
  return db.transaction((tx) => write(tx as unknown as Database));
}

/** The first row whose chain is broken (a changed, removed or inserted row), or null. */
export async function verifyAudit(
  db: Database,
): Promise<{ rows: number; broken: { seq: number; why: 'hash' | 'chain' } | null }> {
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.seq));
  let prev = GENESIS_HASH;
  for (const row of rows) {
    if (row.prevHash !== prev) return { rows: rows.length, broken: { seq: row.seq, why: 'chain' } };
    if (rowHash(row.prevHash, row) !== row.hash)
      return { rows: rows.length, broken: { seq: row.seq, why: 'hash' } };
    prev = row.hash;
  }
  return { rows: rows.length, broken: null };
}

/** The newest rows first, for the console. */
export async function listAudit(
  db: Database,
  limit: number,
  beforeSeq?: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(beforeSeq === undefined ? undefined : sql`${auditLog.seq} < ${beforeSeq}`)
    .orderBy(desc(auditLog.seq))
    .limit(limit);
}
