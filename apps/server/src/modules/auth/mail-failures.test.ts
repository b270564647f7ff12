import { describe, expect, it } from 'vitest';
import { JOB_QUEUE_SCHEMA } from '../../db/job-queue.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { insertUser } from '../../../test/builders.js';
import { sameOrigin } from '../../../test/sessions.js';
import { LINK_MAIL_QUEUE } from './mailed-links.service.js';

/** A mail server that refuses everything, quoting the message it refused, as some do. */
const attempted: Mail[] = [];
const refusing: Mailer = {
  send: async (mail) => {
    attempted.push(mail);
    throw Object.assign(new Error(`554 5.7.1 Message refused: "${mail.text.slice(0, 600)}"`), {
      code: 'EMESSAGE',
    });
  },
  close: () => undefined,
};
const lines: Record<string, any>[] = [];
const { app, database } = await buildTestApp(
  { LOG_LEVEL: 'info' },
  {
    overrides: {
      mailer: refusing,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  },
);

async function failureLogged(kind: string) {
  await expect
    .poll(() => lines.find((line) => line.msg === `the ${kind} mail was not sent`))
    .toBeDefined();
  return lines.find((line) => line.msg === `the ${kind} mail was not sent`)!;
}

describe('a mail that cannot be sent', () => {
  it.each([
    ['password-reset', '/api/v1/auth/password-reset'],
    ['sign-in-link', '/api/v1/auth/sign-in-link'],
  ])('is logged with its cause for a %s, without the link, and retried', async (kind, url) => {
    // Made in the database: a sign-up's own mail could not be sent here either.
    const user = await insertUser(database.db);
    const answer = await app.inject({
      method: 'POST',
      url,
      headers: sameOrigin,
      payload: { email: user.email },
    });
    // The person is told the same as ever: whether a mail went out is not theirs to learn.
    expect(answer.statusCode).toBe(202);

    const line = await failureLogged(kind);
    expect(line).toMatchObject({
      level: 50,
      mail: kind,
      cause: {
        type: 'Error',
        code: 'EMESSAGE',
        message: expect.stringMatching(/^554 5\.7\.1 Message refused: .*token=\[redacted\]/s),
      },
    });
    // The mail is a job on the durable queue: the failed attempt waits there for its retry.
    await expect
      .poll(() =>
        lines.find(
          (logged) => logged.msg.startsWith('a job failed') && logged.queue === 'link-mail',
        ),
      )
      .toMatchObject({ cause: { code: 'EMESSAGE' } });
    const jobs = async () =>
      (
        await app.database.sql.executeSql(
          `SELECT data->>'kind' AS kind, state FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1`,
          [LINK_MAIL_QUEUE],
        )
      ).rows;
    await expect.poll(jobs).toContainEqual({ kind, state: 'retry' });
    const token = new URL(attempted.at(-1)!.link!).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
