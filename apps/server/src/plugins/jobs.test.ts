import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';
import { newChat, send } from '../../test/chats.js';
import { sameOrigin, signUp } from '../../test/sessions.js';
import { startSmtpPeer, subjectOf } from '../../test/smtp-peer.js';
import type { DatabaseHandle } from '../db/client.js';
import { prolongedPause } from './jobs.js';

const smtp = await startSmtpPeer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every row pg-boss holds for a queue, in its job table and its archive. */
async function jobRows(database: DatabaseHandle, queue: string) {
  const { rows } = await database.sql.executeSql(
    `select data from pgboss.job where name = $1
     union all select data from pgboss.archive where name = $1`,
    [queue],
  );
  return (rows as { data: unknown }[]).map((row) =>
    typeof row.data === 'string' ? row.data : JSON.stringify(row.data),
  );
}

async function mailTo(email: string, subject: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mail = smtp.inbox.find(
      (item) => item.to.includes(email.toLowerCase()) && subjectOf(item.raw).startsWith(subject),
    );
    if (mail) return mail;
    await sleep(50);
  }
  throw new Error(`no "${subject}" mail to ${email}`);
}

describe('the mail jobs', () => {
  it('name accounts, never a message, and an address only where one was asked for by it', async () => {
    const { app, database } = await buildTestApp({
      SMTP_URL: smtp.url,
      MESSAGE_MAIL_DELAY_SECONDS: '1',
      JOBS_POLL_SECONDS: '0.5',
    });
    // Signed up through the mailed link, which confirmed the address: notifications may go.
    const seller = await signUp(app);
    await mailTo(seller.email, 'Confirm your email to start on Maya Market');
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link',
      headers: sameOrigin,
      payload: { email: seller.email, next: '/inbox' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: sameOrigin,
      payload: { email: seller.email },
    });
    const buyer = await signUp(app, { role: 'buyer', category: undefined });
    await send(app, buyer, await newChat(app, buyer, seller), 'my private renovation budget');
    await mailTo(seller.email, 'Your Maya Market sign-in link');
    await mailTo(seller.email, 'Reset your Maya Market password');
    await mailTo(seller.email, 'A new message from');

    const rows = [
      ...(await jobRows(database, 'link-mail')),
      ...(await jobRows(database, 'unread-messages')),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    // A sign-in link or reset asked for by email is queued before the answer, whoever the address
    // belongs to, so the same work is done for any address: that job holds the address asked.
    const askedByEmail = rows.filter((data) => data.includes('"email"'));
    expect(askedByEmail.map((data) => JSON.parse(data).kind).sort()).toEqual([
      'password-reset',
      'sign-in-link',
    ]);
    for (const data of rows) {
      expect(data).not.toContain('renovation');
      if (askedByEmail.includes(data)) {
        expect(JSON.parse(data)).toMatchObject({ email: seller.email });
        expect(data).not.toContain('userId');
      } else {
        expect(data).not.toContain('@');
        expect(data).toMatch(/"userId":"[0-9a-f-]{36}"/);
      }
    }
  });

  it('are deleted, archive and all, JOBS_KEEP_FINISHED_SECONDS after they finish', async () => {
    const { app, database } = await buildTestApp({
      SMTP_URL: smtp.url,
      JOBS_POLL_SECONDS: '0.5',
      JOBS_KEEP_FINISHED_SECONDS: '1',
    });
    const user = await signUp(app);
    await mailTo(user.email, 'Confirm your email to start on Maya Market');
    expect(await jobRows(database, 'link-mail')).toHaveLength(1);
    let left = 1;
    for (let waited = 0; waited < 20_000 && left > 0; waited += 250) {
      await sleep(250);
      left = (await jobRows(database, 'link-mail')).length;
    }
    expect(left).toBe(0);
  });
});

describe('closing the app', () => {
  it("waits for the queue's last statement, so a job failing as it closes is recorded before the connections go", async () => {
    const { app, database } = await buildTestApp({ JOBS_POLL_SECONDS: '0.5' });
    // The queue's record of the failure (the statement that carries the error) takes 800 ms, so
    // it is still running when the worker has already moved on.
    let recorded = false;
    const executeSql = database.sql.executeSql.bind(database.sql);
    database.sql.executeSql = async (text, values) => {
      if (!JSON.stringify(values ?? []).includes('failed as the app closed')) {
        return executeSql(text, values);
      }
      await sleep(800);
      const result = await executeSql(text, values);
      recorded = true;
      return result;
    };
    let failNow: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    await app.jobs.define(
      'late-failure',
      { retryLimit: 1, retryDelaySeconds: 60, policy: 'standard' },
      async () => {
        started();
        await new Promise<void>((fail) => (failNow = fail));
        throw new Error('failed as the app closed');
      },
    );
    await app.jobs.send('late-failure', { n: 1 });
    await running;
    const closed = app.close();
    failNow();
    await closed;
    expect(recorded).toBe(true);
  });
});

describe('a server starting (workersAfterListen)', () => {
  it('keeps a job sent before it listens in its queue, and runs it once it listens', async () => {
    const { app } = await buildTestApp(
      { JOBS_POLL_SECONDS: '0.5' },
      { overrides: { workersAfterListen: true } },
    );
    const ran: number[] = [];
    await app.jobs.define(
      'before-listen',
      { retryLimit: 0, retryDelaySeconds: 1, policy: 'standard' },
      async (data: { n: number }) => {
        ran.push(data.n);
      },
    );
    expect(await app.jobs.send('before-listen', { n: 1 })).toEqual(expect.any(String));
    // Three polls' time: no worker fetches before the server listens.
    await sleep(1_500);
    expect(ran).toEqual([]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    for (let waited = 0; waited < 10_000 && ran.length === 0; waited += 50) await sleep(50);
    expect(ran).toEqual([1]);
  });
});

describe('closing the app, as a job is being fetched', () => {
  it('runs the job that fetch returns to its end before the connections go', async () => {
    const { app, database } = await buildTestApp({ JOBS_POLL_SECONDS: '0.5' });
    let finished = false;
    await app.jobs.define<{ n: number }>(
      'late-start',
      { retryLimit: 1, retryDelaySeconds: 60, policy: 'standard' },
      async () => {
        await sleep(300);
        await database.sql.executeSql('select 1');
        finished = true;
      },
    );
    // Once the job is queued, the queue's fetch takes 800 ms: closing starts while it runs.
    let sent = false;
    let fetching: () => void = () => undefined;
    const fetchStarted = new Promise<void>((resolve) => (fetching = resolve));
    const executeSql = database.sql.executeSql.bind(database.sql);
    database.sql.executeSql = async (text, values) => {
      if (
        sent &&
        /skip locked/i.test(text) &&
        JSON.stringify(values ?? []).includes('late-start')
      ) {
        fetching();
        await sleep(800);
      }
      return executeSql(text, values);
    };
    await app.jobs.send('late-start', { n: 1 });
    sent = true;
    await fetchStarted;
    await app.close();
    expect(finished).toBe(true);
  });
});

describe("a background queue's pause", () => {
  const pause = (othersUtilization: number, pausedMs: number) =>
    prolongedPause({ othersUtilization, pausedMs, longestMs: 2_000 });

  it('ends when the rest of the process left the event loop mostly idle', () => {
    expect(pause(0, 30)).toBe(0);
    expect(pause(0.49, 30)).toBe(0);
  });

  it('goes on while requests keep the loop at least half busy, by at least 100 ms, then doubling', () => {
    expect(pause(0.5, 30)).toBe(100);
    expect(pause(0.9, 130)).toBe(130);
    expect(pause(0.9, 260)).toBe(260);
  });

  it('never waits more than a poll in all, so a steady load slows the queue but never stops it', () => {
    expect(pause(1, 1_040)).toBe(960);
    expect(pause(1, 2_000)).toBe(0);
    expect(pause(1, 2_500)).toBe(0);
  });
});
