import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import { appendAudit, verifyAudit } from './audit.repository.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the audit log', () => {
  it('chains each row to the one before, and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { db } = database;
    await appendAudit(db, {
      operatorId: null,
      action: 'test.first',
      reason: 'one',
      details: { b: 1, a: [1, 'x'] },
    });
    await appendAudit(db, { operatorId: null, action: 'test.second', evidenceIds: ['r1', 'r2'] });
    await appendAudit(db, { operatorId: null, action: 'test.third' });
    expect(await verifyAudit(db)).toEqual({ rows: 3, broken: null });

    await expect(
      db.execute(sql`update audit_log set reason = 'changed' where action = 'test.first'`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    await expect(
      db.execute(sql`delete from audit_log where action = 'test.second'`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    expect(await verifyAudit(db)).toEqual({ rows: 3, broken: null });
  });

  it('finds a row a superuser changed past the trigger', async () => {
    const { db } = database;
    await db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await db.execute(sql`update audit_log set reason = 'rewritten' where action = 'test.second'`);
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    const result = await verifyAudit(db);
    expect(result.broken).toMatchObject({ why: 'hash' });
  });
});
