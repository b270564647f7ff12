import type { Database } from '../src/db/client.js';
import { operatorSessions, operators, reports } from '../src/db/schema/index.js';
import { hashToken, newToken } from '../src/modules/auth/tokens.js';
import { uuidv7 } from '../src/lib/uuid.js';
import { newTotpSecret } from '../src/modules/operators/second-factor.js';

let sequence = 0;

/** An operator signed in with a code proven `codeAgeMs` ago: the console's request headers. */
export async function insertOperator(
  db: Database,
  options: { role?: 'moderator' | 'admin'; codeAgeMs?: number } = {},
): Promise<{ id: string; headers: Record<string, string> }> {
  sequence += 1;
  const id = uuidv7();
  await db.insert(operators).values({
    id,
    email: `operator${sequence}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    name: `Operator ${sequence}`,
    role: options.role ?? 'moderator',
    passwordHash: 'not-a-real-hash',
    totpSecret: newTotpSecret(),
  });
  const token = newToken();
  await db.insert(operatorSessions).values({
    id: uuidv7(),
    tokenHash: hashToken(token),
    operatorId: id,
    secondFactorAt: new Date(Date.now() - (options.codeAgeMs ?? 0)),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return {
    id,
    headers: { cookie: `maya_operator=${token}`, origin: 'http://localhost:3000' },
  };
}

/** A report about `subjectUserId` with frozen evidence, as the reports module writes one. */
export async function insertReport(
  db: Database,
  values: Partial<typeof reports.$inferInsert> & { subjectUserId: string },
) {
  const [row] = await db
    .insert(reports)
    .values({
      id: uuidv7(),
      source: 'member',
      subjectKind: 'profile',
      reason: 'fake_business',
      details: 'Not a real business',
      evidence: {
        capturedAt: new Date().toISOString(),
        profile: { id: values.subjectUserId, name: 'As it was', description: 'Old text' },
        messages: null,
      },
      ...values,
    })
    .returning();
  return row!;
}
