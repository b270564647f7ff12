/**
 * Unread-message digests (the notifications issue): BENCH_MESSAGES unread messages (10,000)
 * across BENCH_RECIPIENTS recipients (1,000; email confirmed, the default digest mode, three
 * chats each) become their digests, through the app's real job handler (the `unread-messages`
 * queue on pg-boss) and its real mail transport (nodemailer over SMTP) to a real SMTP peer
 * (bench/fixtures/smtp-sink.ts, a process of its own), on each engine.
 *
 * 1. Digest run: users, chats and messages are inserted directly; one job per recipient is
 *    inserted due at one instant T0, as if every delay ended together. The app runs in this
 *    process (buildApp on the database handle) so its database calls can be counted at the
 *    driver: every call of PGlite's `query`/`exec`, or of node-postgres's `Client#query` (a
 *    multi-statement text, such as pg-boss's transactions, counts once), from T0 until the last
 *    digest reached the peer, split by the SQL's target: the job queue's schema (`pgboss.`) or the
 *    app's tables. Time: T0 → the last digest received; digests/s over that time.
 * 2. Chat delivery while digests go out: the sockets benchmark's measurement (chat-delivery.ts:
 *    the server entry in a child process, BENCH_SOCKETS sockets, BENCH_RATE messages/s for
 *    BENCH_SECONDS after BENCH_WARMUP) run twice against the same process: without digests, then
 *    with another BENCH_RECIPIENTS digests due when the measured window opens (jobs inserted
 *    before the process started, due at a fixed instant BENCH_LEAD seconds after). The digests'
 *    own time in that process is reported beside it.
 *
 * Knobs: BENCH_RECIPIENTS (1000), BENCH_MESSAGES (10000), BENCH_SOCKETS (200), BENCH_RATE (100),
 * BENCH_SECONDS (10), BENCH_WARMUP (2), BENCH_LEAD (45), BENCH_ENGINES (pglite,postgres),
 * BENCH_DATABASE_URL (an admin connection; a database maya_bench_<random> is made and dropped),
 * BENCH_SMTP_POOL=false (a connection per mail, the transport before pooling).
 *
 *   BENCH_RECIPIENTS=100 BENCH_MESSAGES=1000 BENCH_ENGINES=pglite npm run bench -- digest
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase, openPglite, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { JOB_QUEUE_SCHEMA } from '../apps/server/src/db/job-queue.js';
import { chatMembers, chats, messages, users } from '../apps/server/src/db/schema/index.js';
import { uuidv7 } from '../apps/server/src/lib/uuid.js';
import { UNREAD_MESSAGES_QUEUE } from '../apps/server/src/modules/notifications/notifications.service.js';
import {
  appSend,
  cleanUp,
  cleanups,
  closeAll,
  connectAll,
  createPostgresDatabase,
  insertUsers,
  makeUsers,
  measureLatency,
  openChat,
  pairUp,
  round,
  SEND_LIMIT_PER_MINUTE,
  sleep,
  startApp,
  type LatencyResult,
} from './chat-delivery.js';
import { knob, printTable, startSmtpSink, writeResult, type SmtpSink } from './lib.js';

const NAME = 'digest';
const RECIPIENTS = Math.round(knob('BENCH_RECIPIENTS', 1000));
const MESSAGES = Math.round(knob('BENCH_MESSAGES', 10_000));
const SOCKETS = Math.round(knob('BENCH_SOCKETS', 200));
const LOAD = {
  rate: knob('BENCH_RATE', 100),
  seconds: knob('BENCH_SECONDS', 10),
  warmup: knob('BENCH_WARMUP', 2, { allowZero: true }),
};
const LEAD_SECONDS = knob('BENCH_LEAD', 45);
/** `false`: the app opens an SMTP connection per mail (`?pool=false`), as it did before pooling. */
const SMTP_POOL = process.env.BENCH_SMTP_POOL !== 'false';
const smtpUrl = (sink: SmtpSink) => (SMTP_POOL ? sink.url : `${sink.url}?pool=false`);
const ENGINES = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((e) => e.trim());
for (const engine of ENGINES) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`BENCH_ENGINES: unknown engine ${engine} (pglite, postgres)`);
  }
}
const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Chats per recipient, each with a sender of its own. */
const CHATS_PER_RECIPIENT = 3;
const BATCH = 500;
/** The longest a digest run may take before the benchmark gives up. */
const DIGEST_TIMEOUT_MS = 600_000;

// ---------------------------------------------------------------- counting database calls

/** Database calls seen at the driver, by what they touch. */
const calls = { queue: 0, app: 0 };

function countCall(query: unknown): void {
  const text =
    typeof query === 'string'
      ? query
      : typeof query === 'object' && query !== null && 'text' in query
        ? String(query.text)
        : '';
  if (text.includes(`${JOB_QUEUE_SCHEMA}.`)) calls.queue += 1;
  else calls.app += 1;
}

/** Every `query` and `exec` of this PGlite instance is counted. */
function countPglite(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    countCall(text);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => {
    countCall(text);
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['exec'];
  return client;
}

/** Every node-postgres `Client#query` in this process is counted (pool queries included). */
function countNodePostgres(): void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    countCall(args[0]);
    return original.apply(this, args);
  };
  cleanups.push(async () => {
    prototype.query = original;
  });
}

// ---------------------------------------------------------------- data

/**
 * Recipients (sellers, email confirmed, no settings row: the default digest), one sender per
 * chat, three chats per recipient and the messages spread over them, all unread; straight into
 * the database in batches. Answers the recipients' ids.
 */
async function seedUnread(handle: DatabaseHandle, tag: string): Promise<string[]> {
  const now = Date.now();
  const person = (role: 'buyer' | 'seller', index: number) => ({
    id: uuidv7(),
    role,
    email: `bench-${tag}-${role}-${index}@example.test`,
    passwordHash: 'bench-no-password',
    firstName: role === 'seller' ? `Rita ${index}` : `Ana ${index}`,
    lastName: 'Bench',
    category: role === 'seller' ? ('beauty' as const) : null,
    emailVerifiedAt: role === 'seller' ? new Date(now) : null,
  });
  const recipients = Array.from({ length: RECIPIENTS }, (_, i) => person('seller', i));
  const senders = Array.from({ length: RECIPIENTS * CHATS_PER_RECIPIENT }, (_, i) =>
    person('buyer', i),
  );
  const chatRows = recipients.flatMap((recipient, r) =>
    Array.from({ length: CHATS_PER_RECIPIENT }, (_, k) => ({
      id: uuidv7(),
      buyerId: senders[r * CHATS_PER_RECIPIENT + k]!.id,
      sellerId: recipient.id,
      lastMessageAt: new Date(now),
    })),
  );
  const memberRows = chatRows.flatMap((chat) => [
    { chatId: chat.id, userId: chat.buyerId },
    { chatId: chat.id, userId: chat.sellerId },
  ]);
  // Message j goes to recipient j mod R, in their chats in turn.
  const messageRows = Array.from({ length: MESSAGES }, (_, j) => {
    const r = j % RECIPIENTS;
    const chat =
      chatRows[r * CHATS_PER_RECIPIENT + (Math.floor(j / RECIPIENTS) % CHATS_PER_RECIPIENT)]!;
    return {
      id: uuidv7(),
      chatId: chat.id,
      senderId: chat.buyerId,
      body: `Hello, is Saturday morning still free for a cut and colour? (${j})`,
      clientId: `bench-${tag}-${j}`,
      // Sent an hour ago, longer than any delay: a digest covers only messages unread for it.
      createdAt: new Date(now - 3_600_000 - (MESSAGES - j) * 10),
    };
  });
  const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await insert(rows.slice(start, start + BATCH));
    }
  };
  await inBatches([...recipients, ...senders], (batch) => handle.db.insert(users).values(batch));
  await inBatches(chatRows, (batch) => handle.db.insert(chats).values(batch));
  await inBatches(memberRows, (batch) => handle.db.insert(chatMembers).values(batch));
  await inBatches(messageRows, (batch) => handle.db.insert(messages).values(batch));
  await handle.db.execute(sql`analyze`);
  return recipients.map((recipient) => recipient.id);
}

/**
 * One digest job per recipient, due at `dueAt`, as `messageSent` queues them (the recipient as
 * the singleton key), inserted in one statement through pg-boss on the same database.
 */
async function queueDigests(handle: DatabaseHandle, recipients: string[], dueAt: Date) {
  const boss = new PgBoss({
    db: handle.sql,
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => console.error(error));
  await boss.start();
  try {
    await boss.insert(
      recipients.map((userId) => ({
        name: UNREAD_MESSAGES_QUEUE,
        data: { userId },
        singletonKey: userId,
        startAfter: dueAt,
      })),
    );
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true, timeout: 1_000 });
  }
}

/** Every recipient got exactly one digest naming all their unread messages. */
function checkDigests(sink: SmtpSink, recipientCount: number, first = 0): string | undefined {
  const mails = sink.received.slice(first);
  const perRecipient = MESSAGES / RECIPIENTS;
  const addresses = new Set(mails.flatMap((mail) => mail.to));
  if (mails.length !== recipientCount || addresses.size !== recipientCount) {
    return `${mails.length} mails to ${addresses.size} addresses for ${recipientCount} recipients`;
  }
  const wrong = mails.filter((mail) => !mail.subject.startsWith(`${perRecipient} unread messages`));
  return wrong.length > 0
    ? `${wrong.length} digests do not say "${perRecipient} unread messages" (${wrong[0]!.subject})`
    : undefined;
}

// ---------------------------------------------------------------- 1. the digest run

interface DigestResult {
  engine: string;
  digests: number;
  messages: number;
  seconds: number;
  firstMailSeconds: number;
  digestsPerSecond: number;
  queriesPerDigest: number;
  appQueriesPerDigest: number;
  queueQueriesPerDigest: number;
  check: string;
}

async function digestRun(engine: string, handle: DatabaseHandle, dataDir: string) {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.stop());
  const recipients = await seedUnread(handle, 'run');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    SMTP_URL: smtpUrl(sink),
  });
  const app = await buildApp(config, { database: handle });
  await app.ready();
  try {
    const dueAt = new Date(Date.now() + 2_000);
    await queueDigests(handle, recipients, dueAt);
    console.log(`  ${engine}: ${recipients.length} digests due at T0…`);
    let atDue = { ...calls };
    setTimeout(() => (atDue = { ...calls }), dueAt.getTime() - Date.now());
    await sink.waitFor(recipients.length, DIGEST_TIMEOUT_MS);
    const after = { ...calls };
    const last = sink.received.at(-1)!.at;
    const seconds = (last - dueAt.getTime()) / 1000;
    const app_ = after.app - atDue.app;
    const queue = after.queue - atDue.queue;
    return {
      engine,
      digests: recipients.length,
      messages: MESSAGES,
      seconds,
      firstMailSeconds: (sink.received[0]!.at - dueAt.getTime()) / 1000,
      digestsPerSecond: recipients.length / seconds,
      queriesPerDigest: (app_ + queue) / recipients.length,
      appQueriesPerDigest: app_ / recipients.length,
      queueQueriesPerDigest: queue / recipients.length,
      check: checkDigests(sink, recipients.length) ?? 'one digest each, every message counted',
    } satisfies DigestResult;
  } finally {
    await app.close();
    await sink.stop();
  }
}

// ---------------------------------------------------------------- 2. chat delivery during one

interface DeliveryResult {
  engine: string;
  without: LatencyResult;
  during: LatencyResult;
  /** Digests received while the measured window was open, of those due at its start. */
  digestsInWindow: number;
  digests: number;
  digestSeconds: number;
  check: string;
}

async function deliveryRuns(
  engine: string,
  handle: DatabaseHandle,
  env: Record<string, string>,
  dataDir: string,
  closeHandle: () => Promise<void>,
): Promise<DeliveryResult> {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.stop());
  const people = makeUsers(SOCKETS);
  await insertUsers(handle, people);
  const recipients = await seedUnread(handle, 'load');
  // Due when the second measured window opens; the process starts and the first run ends first.
  const dueAt = new Date(Date.now() + LEAD_SECONDS * 1000);
  await queueDigests(handle, recipients, dueAt);
  await closeHandle();

  const server = await startApp({ ...env, SMTP_URL: smtpUrl(sink) }, dataDir);
  try {
    const pairs = await pairUp(people, (buyer, seller) => openChat(server.url, buyer, seller));
    const { sockets } = await connectAll(
      people.map((person) => ({
        url: server.url,
        userId: person.id,
        auth: { token: person.token },
      })),
    );
    try {
      const without = await measureLatency(
        `${engine}, no digests`,
        pairs,
        appSend(server.url),
        [server],
        LOAD,
      );
      if (sink.received.length > 0) throw new Error('digests went out before their time');
      const startWarmup = dueAt.getTime() - LOAD.warmup * 1000 - Date.now();
      if (startWarmup < 0) {
        throw new Error(`BENCH_LEAD ${LEAD_SECONDS} s was too short for the first run: raise it`);
      }
      await sleep(startWarmup);
      const windowOpens = Date.now();
      const during = await measureLatency(
        `${engine}, ${recipients.length} digests going out`,
        pairs,
        appSend(server.url),
        [server],
        LOAD,
      );
      const windowCloses = windowOpens + LOAD.warmup * 1000 + LOAD.seconds * 1000;
      await sink.waitFor(recipients.length, DIGEST_TIMEOUT_MS);
      return {
        engine,
        without,
        during,
        digestsInWindow: sink.received.filter(
          (mail) => mail.at >= dueAt.getTime() && mail.at <= windowCloses,
        ).length,
        digests: recipients.length,
        digestSeconds: (sink.received.at(-1)!.at - dueAt.getTime()) / 1000,
        check: checkDigests(sink, recipients.length) ?? 'one digest each, every message counted',
      };
    } finally {
      await closeAll(sockets);
    }
  } finally {
    await server.stop();
    await sink.stop();
  }
}

// ---------------------------------------------------------------- main

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function main() {
  if (SOCKETS < 2 || SOCKETS % 2 !== 0) throw new Error('BENCH_SOCKETS must be even and ≥ 2');
  if (MESSAGES % RECIPIENTS !== 0)
    throw new Error('BENCH_MESSAGES must be a multiple of BENCH_RECIPIENTS');
  const perBuyerPerMinute = (LOAD.rate * Math.min(LOAD.seconds + LOAD.warmup, 60)) / (SOCKETS / 2);
  if (perBuyerPerMinute * 2 > SEND_LIMIT_PER_MINUTE) {
    throw new Error(
      `${LOAD.rate}/s over ${SOCKETS / 2} chats, twice, is over the app's send limit: use more sockets or a lower rate`,
    );
  }
  const loadBefore = loadavg()[0]!;
  console.log(
    `${MESSAGES} unread messages across ${RECIPIENTS} recipients; chat delivery with ${SOCKETS} sockets at ${LOAD.rate}/s for ${LOAD.seconds} s; load average ${loadBefore.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const digests: DigestResult[] = [];
  const delivery: DeliveryResult[] = [];

  if (ENGINES.includes('pglite')) {
    console.log('\nembedded PGlite');
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-digest-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handle = await createDatabase({
      kind: 'pglite-instance',
      client: countPglite(await openPglite(dataDir)),
    });
    await handle.migrate();
    digests.push(await digestRun('PGlite', handle, dataDir));
    delivery.push(await deliveryRuns('PGlite', handle, {}, dataDir, () => handle.close()));
  }

  if (ENGINES.includes('postgres')) {
    console.log('\nPostgreSQL');
    countNodePostgres();
    const url = await createPostgresDatabase(PG_ADMIN_URL);
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-bench-digest-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const handle = await createDatabase({ kind: 'postgres', url });
    try {
      await handle.migrate();
      digests.push(await digestRun('PostgreSQL', handle, dataDir));
      delivery.push(
        await deliveryRuns('PostgreSQL', handle, { DATABASE_URL: url }, dataDir, async () => {}),
      );
    } finally {
      await handle.close();
    }
  }

  const loadAfter = loadavg()[0]!;
  console.log(
    `\nDigests: ${MESSAGES} unread messages, ${RECIPIENTS} recipients, jobs due at T0, Node ${process.version}\n`,
  );
  printTable(
    digests.map((row) => ({
      engine: row.engine,
      digests: row.digests,
      'T0 → last s': round(row.seconds, 2),
      'T0 → first s': round(row.firstMailSeconds, 2),
      'digests/s': round(row.digestsPerSecond),
      'queries/digest': round(row.queriesPerDigest, 2),
      'app / queue': `${round(row.appQueriesPerDigest, 2)} / ${round(row.queueQueriesPerDigest, 2)}`,
      check: row.check,
    })),
  );
  console.log(
    `\nChat delivery (POST → 'message:new' at the partner), ${SOCKETS} sockets, ${LOAD.rate}/s for ${LOAD.seconds} s, one server process\n`,
  );
  printTable(
    delivery.flatMap((row) =>
      [row.without, row.during].map((run) => ({
        run: run.run,
        delivered: run.delivered,
        lost: run.lost,
        'p50 ms': round(run.p50Ms, 2),
        'p99 ms': round(run.p99Ms, 2),
        'max ms': round(run.maxMs, 2),
        'server cpu %': Math.round(run.serverCpuPercent),
        'loop max ms': run.serverLoopMaxMs?.map((value) => Math.round(value)).join(' / ') ?? '—',
      })),
    ),
  );
  for (const row of delivery) {
    console.log(
      `  ${row.engine}: p99 ${round(row.during.p99Ms, 2)} ms during digests against ${round(row.without.p99Ms, 2)} ms without (${(row.during.p99Ms / row.without.p99Ms).toFixed(2)}×); ${row.digestsInWindow} of ${row.digests} digests went out inside the measured window, all in ${round(row.digestSeconds, 1)} s (${round(row.digests / row.digestSeconds)}/s) under chat load; ${row.check}`,
    );
  }
  console.log(
    `\nLoad average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${availableParallelism()} cores (shared machine: other work may colour the tails).`,
  );
  const file = await writeResult(NAME, {
    config: {
      recipients: RECIPIENTS,
      messages: MESSAGES,
      chatsPerRecipient: CHATS_PER_RECIPIENT,
      sockets: SOCKETS,
      ...LOAD,
      engines: ENGINES,
      smtpPool: SMTP_POOL,
      queries:
        "database calls at the driver (PGlite query/exec, node-postgres Client#query; a multi-statement text counts once) from T0 to the last digest, split by whether the SQL names pgboss's schema",
    },
    loadAverage: {
      before: round(loadBefore, 2),
      after: round(loadAfter, 2),
      cores: availableParallelism(),
    },
    digests,
    delivery,
  });
  console.log(`Wrote ${file}`);
  const failed = [...digests, ...delivery].filter((row) => !row.check.startsWith('one digest'));
  if (failed.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
