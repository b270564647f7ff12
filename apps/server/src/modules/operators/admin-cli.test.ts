import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../../db/client.js';
import { runAdminCommand } from './admin-cli.js';
import { createOperatorsRepository } from './operators.repository.js';
import { createOperatorsService } from './operators.service.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The rows of a query, as the database answers them. */
async function rowsOf<T>(text: string): Promise<{ rows: T[] }> {
  return { rows: (await database.sql.executeSql(text, [])).rows as T[] };
}

/** Runs `npm run admin -- …args` on the test database, with `stdin` piped in if given. */
async function admin(args: string[], stdin?: string) {
  let out = '';
  let err = '';
  const code = await runAdminCommand(
    args,
    createOperatorsService({ repository: createOperatorsRepository(database.db) }),
    {
      out: (text) => (out += text),
      err: (text) => (err += text),
      readPassword: async () => stdin,
    },
  );
  return { code, out, err };
}

describe('npm run admin', () => {
  it('creates an operator with a generated password, a TOTP secret and ten recovery codes, and one audit row', async () => {
    const { code, out, err } = await admin([
      'create',
      'first.admin@maya.test',
      '--role',
      'admin',
      '--name',
      'First Admin',
      '--language',
      'pt-PT',
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^Created first\.admin@maya\.test as admin\.$/m);
    expect(out).toMatch(/^Password \(shown once\): \S{20,}$/m);
    const secret = /^TOTP secret: ([A-Z2-7]+)$/m.exec(out)?.[1];
    expect(secret).toBeDefined();
    expect(out).toContain(`otpauth://totp/`);
    expect(out).toContain(`secret=${secret}`);
    const codes = out.match(/^ {2}[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/gm);
    expect(codes).toHaveLength(10);

    const rows = await rowsOf<{ action: string; details: unknown }>(
      `select action, details from audit_log`,
    );
    expect(rows.rows).toEqual([
      {
        action: 'operator.create',
        details: expect.objectContaining({
          email: 'first.admin@maya.test',
          role: 'admin',
          via: 'cli',
        }),
      },
    ]);
    const stored = await rowsOf<{ password_hash: string; language: string }>(
      `select password_hash, language from operators where email = 'first.admin@maya.test'`,
    );
    expect(stored.rows[0]).toMatchObject({ language: 'pt-PT' });
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('takes the password piped to stdin and never prints it', async () => {
    const { code, out } = await admin(
      ['create', 'piped@maya.test', '--role', 'moderator'],
      'a piped operator passphrase',
    );
    expect(code).toBe(0);
    expect(out).toContain('Password: the one given on stdin.');
    expect(out).not.toContain('a piped operator passphrase');
  });

  it('refuses a second operator with the same email, a missing role and a bad language', async () => {
    expect(await admin(['create', 'PIPED@maya.test', '--role', 'admin'])).toMatchObject({
      code: 1,
      err: 'An operator with this email already exists.\n',
    });
    expect(await admin(['create', 'x@maya.test'])).toMatchObject({
      code: 1,
      err: 'Give --role moderator or --role admin.\n',
    });
    expect(
      await admin(['create', 'x@maya.test', '--role', 'admin', '--language', 'fr']),
    ).toMatchObject({ code: 1, err: 'Give --language en, pt-BR or pt-PT.\n' });
  });

  it('lists and disables operators, the disabling with one audit row', async () => {
    const listed = await admin(['list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^first\.admin@maya\.test\tadmin\tactive\tpt-PT\tFirst Admin$/m);
    const disabled = await admin(['disable', 'piped@maya.test']);
    expect(disabled).toMatchObject({
      code: 0,
      out: expect.stringContaining('Disabled piped@maya.test'),
    });
    expect((await admin(['list'])).out).toMatch(/^piped@maya\.test\tmoderator\tdisabled /m);
    const actions = await rowsOf<{ action: string }>(`select action from audit_log order by seq`);
    expect(actions.rows.map((row) => row.action)).toEqual([
      'operator.create',
      'operator.create',
      'operator.disable',
    ]);
    expect(await admin(['disable', 'nobody@maya.test'])).toMatchObject({
      code: 1,
      err: 'There is no such operator.\n',
    });
  });

  it('answers anything else with one sentence and exit 1', async () => {
    for (const args of [[], ['promote', 'x@maya.test'], ['list', '--force'], ['verify', 'now']]) {
      const { code, out, err } = await admin(args);
      expect(code, args.join(' ')).toBe(1);
      expect(out).toBe('');
      expect(err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(err).not.toMatch(/\bat .*\.ts:\d+/);
    }
  });

  it('verifies the chain, and finds a row the superuser changed past the trigger', async () => {
    expect(await admin(['verify'])).toEqual({ code: 0, out: '3 rows, chain intact.\n', err: '' });

    const [second] = (
      await rowsOf<{ seq: string }>(`select seq from audit_log order by seq offset 1 limit 1`)
    ).rows;
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await database.db.execute(
      sql`update audit_log set details = '{"email":"someone.else@maya.test"}' where seq = ${second!.seq}`,
    );
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);

    const result = await admin(['verify']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `The audit log is broken at row ${second!.seq}: it or the row before it was changed, removed or inserted.\n`,
    );
  });
});
