import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { nextAddress, sameOrigin, signUp } from '../../../test/sessions.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createOperatorsRepository } from './operators.repository.js';
import { createOperatorsService } from './operators.service.js';
import { TOTP_PERIOD_SECONDS } from './second-factor.js';

const { app, database } = await buildTestApp();
const PASSWORD = 'a long operator passphrase';
const writes = { ...sameOrigin };

/** The rows of a query, as the database answers them. */
async function rowsOf<T>(text: string): Promise<{ rows: T[] }> {
  return { rows: (await database.sql.executeSql(text, [])).rows as T[] };
}

let made = 0;
/** An operator made as `npm run admin -- create` makes one, with a known password. */
async function makeOperator(db: DatabaseHandle, role: 'moderator' | 'admin' = 'moderator') {
  made += 1;
  const service = createOperatorsService({ repository: createOperatorsRepository(db.db) });
  return service.createOperator(
    'shell',
    { email: `operator${made}@maya.test`, role, name: `Operator ${made}` },
    PASSWORD,
  );
}

/** The TOTP code of the step `stepsBack` steps before the current one. */
function codeFor(secret: string, stepsBack = 0): Promise<string> {
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) - stepsBack;
  return generate({ secret, epoch: step * TOTP_PERIOD_SECONDS + 1 });
}

function cookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === 'maya_operator');
  return cookie?.value ? `maya_operator=${cookie.value}` : undefined;
}

/** The password step, from an address of its own: the cookie of a session that waits for a code. */
async function passwordStep(email: string, address = nextAddress()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: writes,
    remoteAddress: address,
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ stage: 'code' });
  return cookieOf(response)!;
}

function sendCode(cookie: string, body: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/session/code',
    headers: { ...writes, cookie },
    payload: body,
  });
}

/** A signed-in operator's cookie, through both steps. */
async function signedIn(email: string, secret: string) {
  const cookie = await passwordStep(email);
  const response = await sendCode(cookie, { code: await codeFor(secret) });
  expect(response.statusCode, response.body).toBe(200);
  return cookieOf(response)!;
}

async function auditActions(): Promise<string[]> {
  const rows = await rowsOf<{ action: string }>(`select action from audit_log order by seq`);
  return rows.rows.map((row) => row.action);
}

describe('operator sign-in', () => {
  it('signs in with the password and then the current code, in a session apart from members', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const before = (await auditActions()).length;
    const pending = await passwordStep(operator.email);
    const waiting = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: { cookie: pending },
    });
    expect(waiting.json()).toEqual({ stage: 'code' });
    // Only the password proven: no console route opens yet.
    const early = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit',
      headers: { cookie: pending },
    });
    expect(early.statusCode).toBe(401);

    const response = await sendCode(pending, { code: await codeFor(totpSecret) });
    expect(response.statusCode).toBe(200);
    // The password alone wrote nothing; the completed sign-in wrote one row.
    expect((await auditActions()).slice(before)).toEqual(['operator.sign_in']);
    expect(response.json()).toMatchObject({
      stage: 'signed-in',
      operator: { email: operator.email, role: 'moderator' },
    });
    const cookie = cookieOf(response)!;
    expect(cookie).not.toBe(pending);
    // The password-only session is gone: the sign-in got a new token.
    const old = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: { cookie: pending },
    });
    expect(old.statusCode).toBe(401);
    const cookieHeader = response.headers['set-cookie'];
    expect(String(cookieHeader)).toMatch(/Path=\/api\/v1\/admin; HttpOnly; SameSite=Strict/);
  });

  it('refuses a wrong password with the members’ answer', async () => {
    const { operator } = await makeOperator(database);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      headers: writes,
      remoteAddress: nextAddress(),
      payload: { email: operator.email, password: 'not the passphrase' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a wrong code', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const cookie = await passwordStep(operator.email);
    const right = await codeFor(totpSecret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const response = await sendCode(cookie, { code: wrong });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('refuses a replayed code of the step already accepted', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const code = await codeFor(totpSecret);
    const first = await sendCode(await passwordStep(operator.email), { code });
    expect(first.statusCode).toBe(200);
    const again = await sendCode(await passwordStep(operator.email), { code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('accepts the code of the step before, then refuses that step again', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const previous = await codeFor(totpSecret, 1);
    expect(
      (await sendCode(await passwordStep(operator.email), { code: previous })).statusCode,
    ).toBe(200);
    const replay = await sendCode(await passwordStep(operator.email), { code: previous });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a code two steps old', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const cookie = await passwordStep(operator.email);
    const response = await sendCode(cookie, { code: await codeFor(totpSecret, 2) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('refuses a sixth attempt in a row, even with the right code, and audits the lock once', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const cookie = await passwordStep(operator.email);
    const right = await codeFor(totpSecret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    const before = (await auditActions()).length;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await sendCode(cookie, { code: wrong });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await sendCode(cookie, { code: right });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await auditActions()).slice(before)).toEqual(['operator.codes_locked']);
  });

  it('takes a recovery code once', async () => {
    const { operator, recoveryCodes } = await makeOperator(database);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const recoveryCode = recoveryCodes[3]!;
    const first = await sendCode(await passwordStep(operator.email), {
      recoveryCode: recoveryCode.toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const again = await sendCode(await passwordStep(operator.email), { recoveryCode });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE' });
    // Stored hashed: the code itself is nowhere in the table.
    const stored = await rowsOf<{ code_hash: string }>(
      `select code_hash from operator_recovery_codes`,
    );
    expect(stored.rows.map((row) => row.code_hash)).not.toContain(recoveryCode);
  });

  it('signs out, ending the session, with one audit row', async () => {
    const { operator, totpSecret } = await makeOperator(database);
    const cookie = await signedIn(operator.email, totpSecret);
    const before = (await auditActions()).length;
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/session',
      headers: { ...writes, cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await auditActions()).slice(before)).toEqual(['operator.sign_out']);
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a disabled operator’s password', async () => {
    const { operator } = await makeOperator(database);
    const service = createOperatorsService({ repository: createOperatorsRepository(database.db) });
    await service.disableByEmail('shell', operator.email);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      headers: writes,
      remoteAddress: nextAddress(),
      payload: { email: operator.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('roles and fresh codes', () => {
  it('lets an admin list, create, change and disable operators, each change one audit row', async () => {
    const admin = await makeOperator(database, 'admin');
    const cookie = await signedIn(admin.operator.email, admin.totpSecret);
    const headers = { ...writes, cookie };

    const list = await app.inject({ method: 'GET', url: '/api/v1/admin/operators', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().operators.map((entry: { email: string }) => entry.email)).toContain(
      admin.operator.email,
    );

    let before = (await auditActions()).length;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/operators',
      headers,
      payload: { email: 'new.moderator@maya.test', role: 'moderator', language: 'pt-BR' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const enrolment = created.json();
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.recoveryCodes).toHaveLength(10);
    expect(enrolment.password.length).toBeGreaterThanOrEqual(20);
    expect((await auditActions()).slice(before)).toEqual(['operator.create']);

    before = (await auditActions()).length;
    const promoted = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/operators/${enrolment.operator.id}`,
      headers,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'admin', disabledAt: null });
    expect((await auditActions()).slice(before)).toEqual(['operator.change_role']);

    before = (await auditActions()).length;
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/operators/${enrolment.operator.id}`,
      headers,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabledAt).not.toBeNull();
    expect((await auditActions()).slice(before)).toEqual(['operator.disable']);

    const self = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/operators/${admin.operator.id}`,
      headers,
      payload: { disabled: true },
    });
    expect(self.statusCode).toBe(409);
  });

  it('refuses a moderator every operator route with 403', async () => {
    const moderator = await makeOperator(database, 'moderator');
    const cookie = await signedIn(moderator.operator.email, moderator.totpSecret);
    const headers = { ...writes, cookie };
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/operators' },
      {
        method: 'POST' as const,
        url: '/api/v1/admin/operators',
        payload: { email: 'x@maya.test', role: 'admin' },
      },
      {
        method: 'PATCH' as const,
        url: `/api/v1/admin/operators/${moderator.operator.id}`,
        payload: { role: 'admin' },
      },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    // The audit log is every operator's to read.
    const audit = await app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers });
    expect(audit.statusCode).toBe(200);
  });

  it('asks for a fresh code after five minutes, then lets the action through', async () => {
    const admin = await makeOperator(database, 'admin');
    const target = await makeOperator(database, 'moderator');
    const cookie = await signedIn(admin.operator.email, admin.totpSecret);
    const headers = { ...writes, cookie };
    await database.db.execute(
      sql`update operator_sessions set second_factor_at = now() - interval '6 minutes'
          where operator_id = ${admin.operator.id}`,
    );
    const change = () =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/operators/${target.operator.id}`,
        headers,
        payload: { role: 'admin' },
      });
    const stale = await change();
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'FRESH_CODE_REQUIRED' });
    // Reading needs no fresh code.
    const list = await app.inject({ method: 'GET', url: '/api/v1/admin/operators', headers });
    expect(list.statusCode).toBe(200);

    const before = (await auditActions()).length;
    const fresh = await sendCode(cookie, { recoveryCode: admin.recoveryCodes[0]! });
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(fresh.json().freshUntil)).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(cookieOf(fresh)).toBeUndefined();
    expect((await change()).statusCode).toBe(200);
    expect((await auditActions()).slice(before)).toEqual(['operator.change_role']);
  });
});

/** Every console route of the app, read from its route table: a new one is covered at once. */
function adminRoutes(server: FastifyInstance): { method: string; url: string }[] {
  const document = server.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '0190c8e4-7b5a-7cc2-9d0e-3b1f2a4c5d6e'),
      })),
    );
  // The documented routes are all of them: the route table names no admin path they lack.
  const table = server.printRoutes({ commonPrefix: false });
  const documented = new Set(Object.keys(document.paths));
  const inTable = table
    .split('\n')
    .flatMap((line) => /(\/api\/v1\/admin\S*)/.exec(line)?.[1] ?? []);
  expect(inTable.length).toBeGreaterThan(0);
  for (const path of inTable) {
    expect(documented.has(path.replace(/:(\w+)/g, '{$1}')), path).toBe(true);
  }
  return routes;
}

describe('the console API and people who are not operators', () => {
  it('refuses a visitor, a member’s cookie and a member’s Bearer token on every console route but sign-in', async () => {
    const member = await signUp(app);
    const routes = adminRoutes(app);
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const callers = {
      visitor: {},
      'member cookie': { cookie: `maya_session=${member.token}` },
      'member bearer': member.headers,
    };
    for (const { method, url } of routes) {
      // Sign-in itself is open; a member's password is no operator's.
      if (method === 'POST' && url === '/api/v1/admin/session') continue;
      for (const [who, headers] of Object.entries(callers)) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers: { ...writes, ...headers },
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect([401, 403, 404], `${who}: ${method} ${url}`).toContain(response.statusCode);
        expect(response.body).not.toMatch(/operator\d+@maya\.test/);
      }
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      headers: writes,
      remoteAddress: nextAddress(),
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('answers nothing of the console at the legacy paths', async () => {
    const member = await signUp(app);
    for (const url of [
      '/api/admin/session',
      '/api/admin/operators',
      '/api/admin/audit',
      '/api/user/admin',
      '/admin/operators',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: member.headers });
      expect([401, 403, 404], url).toContain(response.statusCode);
      expect(response.body).not.toMatch(/operator\d+@maya\.test|"seq"/);
    }
  });
});

describe('the audit log’s API', () => {
  it('pages the log newest first and reports the chain intact', async () => {
    const admin = await makeOperator(database, 'admin');
    const cookie = await signedIn(admin.operator.email, admin.totpSecret);
    const first = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?limit=2',
      headers: { cookie },
    });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.rows).toHaveLength(2);
    expect(page.rows[0]).toMatchObject({
      action: 'operator.sign_in',
      operatorId: admin.operator.id,
      operatorEmail: admin.operator.email,
      details: { method: 'totp' },
    });
    expect(page.rows[0].seq).toBeGreaterThan(page.rows[1].seq);
    const second = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?limit=2&before=${page.next}`,
      headers: { cookie },
    });
    expect(second.json().rows[0].seq).toBeLessThan(page.rows[1].seq);

    const verification = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit/verification',
      headers: { cookie },
    });
    expect(verification.json()).toEqual({
      rows: (await auditActions()).length,
      intact: true,
      brokenAt: null,
    });
  });
});
