import { and, eq, sql } from 'drizzle-orm';
import {
  accountExportSchema,
  adminReportSchema,
  adminUsersSchema,
  appealSchema,
  decisionSchema,
  myDecisionsSchema,
  reportGroupsSchema,
  transparencySchema,
} from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { mailsOf } from '../../../test/mail-log.js';
import { insertOperator, insertReport } from '../../../test/moderation.js';
import { getMe, sameOrigin, signIn, signUp } from '../../../test/sessions.js';
import {
  auditLog,
  moderationDecisions,
  notificationSettings,
  reports,
  sessions,
  users,
} from '../../db/schema/index.js';
import { selectRows } from '../../db/client.js';
import { BUSINESS_NOTICE_MS } from './moderation.service.js';

const { app, database } = await buildTestApp();
const db = database.db;

const decide = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/admin/decisions', headers, payload });

const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

const auditRowsOf = async (subjectUserId: string) =>
  db.select().from(auditLog).where(eq(auditLog.subjectUserId, subjectUserId));

const statementTo = (email: string) =>
  mailsOf(app).waitFor((mail) => mail.kind === 'moderation-decision' && mail.to === email);

describe('authorization', () => {
  const adminRoutes: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/v1/admin/reports'],
    ['GET', '/api/v1/admin/reports/0190a0a0-0000-7000-8000-000000000000'],
    ['GET', '/api/v1/admin/users?q=a'],
    ['POST', '/api/v1/admin/decisions', {}],
    ['GET', '/api/v1/admin/appeals'],
    ['POST', '/api/v1/admin/appeals/0190a0a0-0000-7000-8000-000000000000/decision', {}],
    ['GET', '/api/v1/admin/transparency?year=2026'],
  ];

  it('refuses a visitor and a member on every console route, before reading the body', async () => {
    const member = await signUp(app);
    for (const [method, url, payload] of adminRoutes) {
      for (const headers of [sameOrigin, { ...member.headers, ...sameOrigin }]) {
        const response = await app.inject({ method: method as 'GET', url, headers, payload });
        expect([method, url, response.statusCode]).toEqual([method, url, 401]);
        expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
  });

  it("refuses a visitor the member's decisions and appeals", async () => {
    const list = await app.inject({ method: 'GET', url: '/api/v1/me/decisions' });
    expect(list.statusCode).toBe(401);
    const appeal = await app.inject({
      method: 'POST',
      url: '/api/v1/me/decisions/0190a0a0-0000-7000-8000-000000000000/appeal',
      headers: sameOrigin,
      payload: { text: 'Please' },
    });
    expect(appeal.statusCode).toBe(401);
  });

  it("answers 404 to a member appealing someone else's decision", async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const other = await signUp(app);
    const made = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4.2',
      facts: 'Rude messages',
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/me/decisions/${made.json<{ id: string }>().id}/appeal`,
      headers: { ...other.headers, ...sameOrigin },
      payload: { text: 'Not me' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the queue', () => {
  it('groups open reports by the reported person, newest first, and shows one with its evidence', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const older = await insertReport(db, {
      subjectUserId: subject.id,
      reason: 'spam',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await insertReport(db, {
      subjectUserId: subject.id,
      reason: 'scam',
      subjectKind: 'message',
      evidence: {
        capturedAt: new Date().toISOString(),
        profile: null,
        messages: { chatId: 'c', reportedMessageId: 'm2', items: [{ id: 'm2', body: 'Pay me' }] },
      },
    });

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/reports?status=open',
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(200);
    const group = reportGroupsSchema
      .parse(response.json())
      .groups.find((candidate) => candidate.subject?.id === subject.id);
    expect(group).toMatchObject({
      count: 2,
      newestAt: newer.createdAt.toISOString(),
      reasons: ['scam', 'spam'],
      reportIds: [newer.id, older.id],
    });

    const one = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/${newer.id}`,
      headers: operator.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(adminReportSchema.parse(one.json())).toMatchObject({
      id: newer.id,
      status: 'open',
      subject: { id: subject.id, email: subject.email },
      evidence: { messages: { items: [{ id: 'm2', body: 'Pay me' }] } },
    });
  });

  it('finds members by email with their status and history', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const report = await insertReport(db, { subjectUserId: subject.id });
    await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'hide',
      reportIds: [report.id],
      ground: 'rules',
      rule: 'Terms 3.1: real businesses only',
      facts: 'The business does not exist at the address given',
    });
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?q=${encodeURIComponent(subject.email)}`,
      headers: operator.headers,
    });
    const [found] = adminUsersSchema.parse(response.json()).users;
    expect(found).toMatchObject({
      id: subject.id,
      status: { state: 'hidden', suspendedUntil: null, terminatedAt: null },
      history: {
        reports: [{ id: report.id, status: 'resolved' }],
        decisions: [{ kind: 'hide', reportIds: [report.id], automated: false }],
        appeals: [],
      },
    });
  });
});

describe('decisions', () => {
  it('hides a profile with a statement of reasons, resolves its reports and writes one audit row', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const report = await insertReport(db, { subjectUserId: subject.id });

    const response = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'hide',
      reportIds: [report.id],
      ground: 'rules',
      rule: 'Terms 3.1: real businesses only',
      facts: 'The business does not exist at the address given',
    });
    expect(response.statusCode).toBe(201);
    const decision = decisionSchema.parse(response.json());
    expect(decision).toMatchObject({
      kind: 'hide',
      subjectUserId: subject.id,
      operatorId: operator.id,
      reportIds: [report.id],
      automated: false,
    });
    expect((await userRow(subject.id)).hiddenAt).toBeInstanceOf(Date);
    const [resolved] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(resolved).toMatchObject({ status: 'resolved', decisionId: decision.id });
    expect(await auditRowsOf(subject.id)).toEqual([
      expect.objectContaining({
        action: 'decision.hide',
        operatorId: operator.id,
        evidenceIds: [report.id],
        details: { decisionId: decision.id },
      }),
    ]);

    const mail = await statementTo(subject.email);
    expect(mail.text).toContain('no longer appears in the directory');
    expect(mail.text).toContain('The facts: The business does not exist at the address given');
    expect(mail.text).toContain('The rule applied (Maya Market Terms): Terms 3.1');
    expect(mail.text).toContain('A person made this decision');
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/appeal\?token=[\w-]{64}$/m);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/appeal\?token=/);
    expect(mail.text).toContain('also under Decisions in your account');

    const mine = myDecisionsSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/decisions', headers: subject.headers })
      ).json(),
    );
    expect(mine.decisions).toEqual([
      {
        id: decision.id,
        kind: 'hide',
        ground: 'rules',
        rule: 'Terms 3.1: real businesses only',
        facts: 'The business does not exist at the address given',
        automated: false,
        until: null,
        effectiveAt: null,
        review: null,
        createdAt: decision.createdAt,
        appealableUntil: expect.stringMatching(/^\d{4}-/),
        appeal: null,
      },
    ]);
    const sixMonths = new Date(decision.createdAt);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(mine.decisions[0]!.appealableUntil).toBe(sixMonths.toISOString());
  });

  it('writes the statement in the language of the member’s mails', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    await db
      .insert(notificationSettings)
      .values({ userId: subject.id, language: 'pt-BR' })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { language: 'pt-BR' } });
    await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'law',
      rule: 'Código de Defesa do Consumidor, art. 37',
      facts: 'Publicidade enganosa no perfil',
    });
    const mail = await statementTo(subject.email);
    expect(mail.subject).toBe('Uma decisão sobre sua conta no Maya Market');
    expect(mail.text).toContain('Os fatos: Publicidade enganosa no perfil');
    expect(mail.text).toContain('A lei aplicada: Código de Defesa do Consumidor, art. 37');
    expect(mail.text).toContain('nenhum sistema automatizado');
  });

  it('warns without restricting, and dismisses without a statement to the person', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const report = await insertReport(db, { subjectUserId: subject.id });
    const dismissed = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'dismiss',
      reportIds: [report.id],
      ground: 'rules',
      rule: 'Terms 3.1',
      facts: 'The business is real: its registration was checked',
    });
    expect(dismissed.statusCode).toBe(201);
    const warned = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4.2',
      facts: 'Insults in a chat',
    });
    expect(warned.statusCode).toBe(201);
    const row = await userRow(subject.id);
    expect([row.hiddenAt, row.suspendedUntil, row.terminatesAt, row.terminatedAt]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    await statementTo(subject.email);
    const statements = mailsOf(app).sent.filter(
      (mail) => mail.kind === 'moderation-decision' && mail.to === subject.email,
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]!.text).toContain('A warning');
    const mine = (
      await app.inject({ method: 'GET', url: '/api/v1/me/decisions', headers: subject.headers })
    ).json<{
      decisions: { kind: string }[];
    }>();
    expect(mine.decisions.map((decision) => decision.kind)).toEqual(['warn']);
    expect((await auditRowsOf(subject.id)).map((row) => row.action)).toEqual([
      'decision.dismiss',
      'decision.warn',
    ]);
  });

  it('asks for a fresh code before hiding, suspending or terminating, and not before warning', async () => {
    const operator = await insertOperator(db, { codeAgeMs: 6 * 60_000 });
    const subject = await signUp(app);
    for (const kind of ['hide', 'suspend', 'terminate']) {
      const response = await decide(operator.headers, {
        subjectUserId: subject.id,
        kind,
        ground: 'rules',
        rule: 'Terms 4',
        facts: 'Facts',
        ...(kind === 'suspend' && { until: new Date(Date.now() + 86_400_000).toISOString() }),
      });
      expect([kind, response.statusCode, response.json().code]).toEqual([
        kind,
        403,
        'FRESH_CODE_REQUIRED',
      ]);
    }
    expect(await auditRowsOf(subject.id)).toEqual([]);
    const warned = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Facts',
    });
    expect(warned.statusCode).toBe(201);
  });

  it('refuses a suspension without a future end, and reports about someone else', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const other = await signUp(app);
    const past = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'suspend',
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Facts',
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const foreign = await insertReport(db, { subjectUserId: other.id });
    const mismatched = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'warn',
      reportIds: [foreign.id],
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Facts',
    });
    expect(mismatched.statusCode).toBe(400);
    expect(await auditRowsOf(subject.id)).toEqual([]);
  });

  it('suspends: ends every session, and sign-in says until when and why', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    expect((await getMe(app, subject.headers)).statusCode).toBe(200);
    const until = new Date(Date.now() + 7 * 86_400_000);
    until.setUTCMilliseconds(0);

    const response = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'suspend',
      ground: 'rules',
      rule: 'Terms 4.2: no harassment',
      facts: 'Threats sent to two members',
      until: until.toISOString(),
    });
    expect(response.statusCode).toBe(201);
    expect(decisionSchema.parse(response.json()).until).toBe(until.toISOString());
    expect((await userRow(subject.id)).suspendedUntil).toEqual(until);
    expect(await db.select().from(sessions).where(eq(sessions.userId, subject.id))).toEqual([]);
    expect((await getMe(app, subject.headers)).statusCode).toBe(401);

    const refused = await signIn(app, subject.email, subject.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(refused.json().detail).toContain('Threats sent to two members');
    expect(refused.json().detail).toContain(String(until.getUTCFullYear()));
    const inPortuguese = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...sameOrigin, 'accept-language': 'pt-PT' },
      payload: { email: subject.email, password: subject.password },
    });
    expect(inPortuguese.json().detail).toMatch(/^Esta conta está suspensa até/);
    const wrongPassword = await signIn(app, subject.email, 'not the password at all');
    expect(wrongPassword.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const mail = await statementTo(subject.email);
    expect(mail.text).toContain('Your account is suspended until');
    // Signed out, the person appeals through the mail's link, which needs no sign-in.
    expect(mail.text).toContain('it needs no sign-in');
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/appeal\?token=[\w-]{64}$/m);

    const restored = await decide(operator.headers, {
      subjectUserId: subject.id,
      kind: 'restore',
      ground: 'rules',
      rule: 'Terms 4.2',
      facts: 'The threats were sent by someone who had taken over the account',
    });
    expect(restored.statusCode).toBe(201);
    expect((await userRow(subject.id)).suspendedUntil).toBeNull();
    expect((await signIn(app, subject.email, subject.password)).statusCode).toBe(200);
  });

  it("schedules a business's termination 30 days ahead, with reasons sent at once, and ends it when the job runs", async () => {
    const operator = await insertOperator(db);
    const business = await signUp(app, { role: 'seller' });
    const before = Date.now();
    const response = await decide(operator.headers, {
      subjectUserId: business.id,
      kind: 'terminate',
      ground: 'rules',
      rule: 'Terms 3.1',
      facts: 'Repeated fake listings',
    });
    expect(response.statusCode).toBe(201);
    const decision = decisionSchema.parse(response.json());
    const effectiveAt = new Date(decision.effectiveAt!).getTime();
    expect(effectiveAt - before).toBeGreaterThanOrEqual(BUSINESS_NOTICE_MS);
    expect(effectiveAt - before).toBeLessThan(BUSINESS_NOTICE_MS + 60_000);
    const row = await userRow(business.id);
    expect(row.terminatesAt?.toISOString()).toBe(decision.effectiveAt);
    expect(row.terminatedAt).toBeNull();
    // Until then the account works, and the reasons are already mailed.
    expect((await getMe(app, business.headers)).statusCode).toBe(200);
    expect((await statementTo(business.email)).text).toContain('30 days from now');

    const [job] = await selectRows<{ id: string; start_after: Date }>(
      db,
      sql`select id, start_after from pgboss.job where name = 'moderation-terminate' and data->>'userId' = ${business.id}`,
    );
    expect(new Date(job!.start_after).getTime() - before).toBeGreaterThanOrEqual(
      BUSINESS_NOTICE_MS - 1000,
    );

    // Thirty days on: the date has come, and the queued job runs.
    await db
      .update(users)
      .set({ terminatesAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, business.id));
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
    // The job ends the account, then its sessions: the sign-out is the last thing it does.
    await expect
      .poll(async () => (await getMe(app, business.headers)).statusCode, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(401);
    expect((await userRow(business.id)).terminatedAt).toBeInstanceOf(Date);
    const refused = await signIn(app, business.email, business.password);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(refused.json().detail).toContain('Repeated fake listings');
  });

  it('terminates a business at once under a recorded P2B exception, and a buyer at once', async () => {
    const operator = await insertOperator(db);
    const business = await signUp(app, { role: 'seller' });
    const response = await decide(operator.headers, {
      subjectUserId: business.id,
      kind: 'terminate',
      ground: 'law',
      rule: 'Código Penal, art. 217 (burla)',
      facts: 'Took payments for goods never sent',
      exception: 'illegal_content',
    });
    expect(response.statusCode).toBe(201);
    expect(decisionSchema.parse(response.json())).toMatchObject({
      exception: 'illegal_content',
      effectiveAt: expect.any(String),
    });
    const row = await userRow(business.id);
    expect(row.terminatedAt).toBeInstanceOf(Date);
    expect(row.terminatesAt).toBeNull();
    expect((await getMe(app, business.headers)).statusCode).toBe(401);
    const mail = await statementTo(business.email);
    expect(mail.text).toContain('Your account is terminated');
    expect(mail.text).toContain('without 30 days notice, because of illegal content');
    expect((await auditRowsOf(business.id))[0]).toMatchObject({
      action: 'decision.terminate',
      details: expect.objectContaining({ exception: 'illegal_content' }),
    });

    const buyer = await signUp(app, { role: 'buyer', category: undefined, location: undefined });
    const buyerDecision = await decide(operator.headers, {
      subjectUserId: buyer.id,
      kind: 'terminate',
      ground: 'rules',
      rule: 'Terms 4.2',
      facts: 'Harassment of several businesses',
    });
    expect(buyerDecision.statusCode).toBe(201);
    expect((await userRow(buyer.id)).terminatedAt).toBeInstanceOf(Date);
    expect((await getMe(app, buyer.headers)).statusCode).toBe(401);
  });
});

describe('appeals', () => {
  it('lets the person appeal once; the author may not decide it; another operator reverses it', async () => {
    const author = await insertOperator(db);
    const reviewer = await insertOperator(db);
    const subject = await signUp(app);
    const made = decisionSchema.parse(
      (
        await decide(author.headers, {
          subjectUserId: subject.id,
          kind: 'hide',
          ground: 'rules',
          rule: 'Terms 3.1',
          facts: 'Fake address',
        })
      ).json(),
    );
    const appealUrl = `/api/v1/me/decisions/${made.id}/appeal`;
    const headers = { ...subject.headers, ...sameOrigin };
    const appealed = await app.inject({
      method: 'POST',
      url: appealUrl,
      headers,
      payload: { text: 'The address is right: here is my lease' },
    });
    expect(appealed.statusCode).toBe(201);
    const appeal = appealSchema.parse(appealed.json());
    expect(appeal).toMatchObject({ decisionId: made.id, status: 'open' });
    const again = await app.inject({
      method: 'POST',
      url: appealUrl,
      headers,
      payload: { text: 'Again' },
    });
    expect(again.statusCode).toBe(409);

    const decideUrl = `/api/v1/admin/appeals/${appeal.id}/decision`;
    const byAuthor = await app.inject({
      method: 'POST',
      url: decideUrl,
      headers: author.headers,
      payload: { outcome: 'reversed', facts: 'The lease checks out' },
    });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toMatchObject({ code: 'FORBIDDEN' });

    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/appeals',
      headers: reviewer.headers,
    });
    expect(listed.json().appeals).toContainEqual(
      expect.objectContaining({ appeal: expect.objectContaining({ id: appeal.id }) }),
    );

    const byReviewer = await app.inject({
      method: 'POST',
      url: decideUrl,
      headers: reviewer.headers,
      payload: { outcome: 'reversed', facts: 'The lease checks out' },
    });
    expect(byReviewer.statusCode).toBe(200);
    expect(appealSchema.parse(byReviewer.json())).toMatchObject({ status: 'reversed' });
    expect((await userRow(subject.id)).hiddenAt).toBeNull();
    const [outcome] = await db
      .select()
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.appealOf, made.id)));
    expect(outcome).toMatchObject({ kind: 'restore', operatorId: reviewer.id, automated: false });
    expect((await auditRowsOf(subject.id)).map((row) => row.action)).toEqual([
      'decision.hide',
      'appeal.reversed',
    ]);
    const mail = await mailsOf(app).waitFor(
      (sent) => sent.kind === 'moderation-appeal-decided' && sent.to === subject.email,
    );
    expect(mail.text).toContain('reversed the decision');

    const mine = myDecisionsSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/decisions', headers: subject.headers })
      ).json(),
    );
    expect(mine.decisions).toHaveLength(1);
    expect(mine.decisions[0]!.appeal).toMatchObject({ status: 'reversed' });
  });

  it('refuses an appeal after six months', async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const made = decisionSchema.parse(
      (
        await decide(operator.headers, {
          subjectUserId: subject.id,
          kind: 'warn',
          ground: 'rules',
          rule: 'Terms 4',
          facts: 'Spam',
        })
      ).json(),
    );
    await db
      .update(moderationDecisions)
      .set({ createdAt: new Date(Date.now() - 190 * 86_400_000) })
      .where(eq(moderationDecisions.id, made.id));
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/me/decisions/${made.id}/appeal`,
      headers: { ...subject.headers, ...sameOrigin },
      payload: { text: 'Late' },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('transparency', () => {
  it("counts a year's notices, reports, decisions by kind, appeals and the median time to decision", async () => {
    const { app: fresh, database: own } = await buildTestApp();
    const operator = await insertOperator(own.db);
    const reviewer = await insertOperator(own.db);
    const subject = await signUp(fresh);
    const hour = 3_600_000;
    const now = Date.now();
    const a = await insertReport(own.db, {
      subjectUserId: subject.id,
      createdAt: new Date(now - 2 * hour),
    });
    const b = await insertReport(own.db, {
      subjectUserId: subject.id,
      createdAt: new Date(now - 4 * hour),
    });
    const c = await insertReport(own.db, {
      subjectUserId: subject.id,
      source: 'notice',
      notifierEmail: 'someone@example.test',
      notifierName: 'Someone',
      locationUrl: 'http://localhost:3000/u/x',
      goodFaith: true,
      createdAt: new Date(now - 6 * hour),
    });
    const post = (payload: Record<string, unknown>) =>
      fresh.inject({
        method: 'POST',
        url: '/api/v1/admin/decisions',
        headers: operator.headers,
        payload,
      });
    await post({
      subjectUserId: subject.id,
      kind: 'warn',
      reportIds: [a.id, b.id, c.id],
      ground: 'rules',
      rule: 'Terms 4',
      facts: 'Spam',
    });
    const hidden = (
      await post({
        subjectUserId: subject.id,
        kind: 'hide',
        ground: 'rules',
        rule: 'Terms 4',
        facts: 'Spam again',
      })
    ).json<{ id: string }>();
    const appeal = (
      await fresh.inject({
        method: 'POST',
        url: `/api/v1/me/decisions/${hidden.id}/appeal`,
        headers: { ...subject.headers, ...sameOrigin },
        payload: { text: 'Wrong' },
      })
    ).json<{ id: string }>();
    await fresh.inject({
      method: 'POST',
      url: `/api/v1/admin/appeals/${appeal.id}/decision`,
      headers: reviewer.headers,
      payload: { outcome: 'reversed', facts: 'Checked' },
    });

    const year = new Date().getUTCFullYear();
    const response = await fresh.inject({
      method: 'GET',
      url: `/api/v1/admin/transparency?year=${year}`,
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(200);
    const counts = transparencySchema.parse(response.json());
    expect(counts).toMatchObject({
      year,
      notices: 1,
      memberReports: 2,
      decisions: { dismiss: 0, warn: 1, hide: 1, suspend: 0, terminate: 0, restore: 0 },
      appeals: { received: 1, reversed: 1 },
    });
    expect(counts.medianHoursToDecision).toBeGreaterThanOrEqual(3.9);
    expect(counts.medianHoursToDecision).toBeLessThanOrEqual(4.1);
    const empty = await fresh.inject({
      method: 'GET',
      url: `/api/v1/admin/transparency?year=${year - 5}`,
      headers: operator.headers,
    });
    expect(empty.json()).toMatchObject({
      notices: 0,
      memberReports: 0,
      medianHoursToDecision: null,
    });
  });
});

describe('data', () => {
  it("puts the decisions about a member and their appeal in the member's export, and keeps them about the anonymised account after deletion", async () => {
    const operator = await insertOperator(db);
    const subject = await signUp(app);
    const made = decisionSchema.parse(
      (
        await decide(operator.headers, {
          subjectUserId: subject.id,
          kind: 'warn',
          ground: 'rules',
          rule: 'Terms 4',
          facts: 'Spam in chats',
        })
      ).json(),
    );
    await app.inject({
      method: 'POST',
      url: `/api/v1/me/decisions/${made.id}/appeal`,
      headers: { ...subject.headers, ...sameOrigin },
      payload: { text: 'It was one message' },
    });
    const exported = accountExportSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/export', headers: subject.headers })
      ).json(),
    );
    expect(exported.decisions).toEqual([
      expect.objectContaining({
        id: made.id,
        kind: 'warn',
        facts: 'Spam in chats',
        automated: false,
        appeal: expect.objectContaining({ text: 'It was one message', status: 'open' }),
      }),
    ]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: { ...subject.headers, ...sameOrigin },
      payload: { password: subject.password },
    });
    expect(deleted.statusCode).toBe(204);
    const [kept] = await db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, made.id));
    expect(kept).toMatchObject({ subjectUserId: subject.id, facts: 'Spam in chats' });
    expect(await userRow(subject.id)).toMatchObject({
      email: `deleted-${subject.id}@deleted.invalid`,
      firstName: 'Deleted',
    });
  });
});
