/**
 * The browser suite's runner: imports every e2e/journeys/*.e2e.ts (each registers journeys with
 * `journey()`), starts Chromium once and a server per lane (E2E_LANES, 2 by default), runs the
 * journeys in those lanes side by side, a file's journeys one after another in one lane, and
 * prints `N passed, N failed` as its last line. E2E_GREP=<text> runs only journeys whose name
 * contains the text (E2E_GREP='<a>|<b>': either). A journey that fails is run once more at the
 * end, alone, on its lane's server (E2E_RETRIES, 1 by default; 0 for none): one that passes then
 * counts as passed and is named in the report as passing only on its second try, and one that
 * fails twice is a failure with both errors.
 */
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { journeys, setCurrentFile, type Journey } from './harness.js';
import { launchBrowser, newPage, type BrowserHandle, type PageSession } from './helpers/browser.js';
import { repoRoot, resultsDir, screenshotsDir, axeDir } from './helpers/paths.js';
import { screenshot } from './helpers/screenshot.js';
import { startServer, type TestServer } from './helpers/server.js';
import { createConsoleOperator } from './helpers/operator.js';
import { paymentsEnv } from './helpers/payments.js';
import { vapidEnv } from './helpers/vapid.js';

const journeysDir = join(repoRoot, 'e2e', 'journeys');

interface Outcome {
  name: string;
  file: string;
  ok: boolean;
  ms: number;
  error?: string;
  /** Passed only when run again; the first try's error is kept. */
  retried?: boolean;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    // Our own expectations carry their full story in the message; anything else needs its stack.
    return error.name === 'ExpectationError' ? error.message : (error.stack ?? error.message);
  }
  return String(error);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

class JourneyTimeout extends Error {}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new JourneyTimeout(`${what} timed out after ${ms / 1000} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function loadJourneys(): Promise<void> {
  const files = (await readdir(journeysDir)).filter((file) => file.endsWith('.e2e.ts')).sort();
  for (const file of files) {
    setCurrentFile(`e2e/journeys/${file}`);
    await import(pathToFileURL(join(journeysDir, file)).href);
  }
  setCurrentFile('');
}

/**
 * Each open page's address and a screenshot of it, for a journey that timed out: the timeout
 * itself cannot say which step was waiting.
 */
async function pagesWhenStopped(journey: Journey, pages: PageSession[]): Promise<string> {
  const lines: string[] = [];
  const prefix = `timeout-${journey.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
  for (const [index, session] of pages.entries()) {
    if (session.page.isClosed()) continue;
    const shot = await screenshot(session.page, `${prefix}-${index + 1}`).catch(
      () => 'no screenshot',
    );
    lines.push(`  page ${index + 1} at ${session.page.url()}: ${shot}`);
  }
  return lines.length > 0 ? `\nPages when it timed out:\n${lines.join('\n')}` : '';
}

async function runJourney(
  journey: Journey,
  server: TestServer,
  browser: BrowserHandle,
): Promise<Outcome> {
  const pages: PageSession[] = [];
  const started = Date.now();
  try {
    await withTimeout(
      journey.run({
        server,
        browser,
        newPage: async (options) => {
          const session = await newPage(browser, server.url, options);
          pages.push(session);
          return session;
        },
      }),
      journey.timeoutMs,
      `"${journey.name}"`,
    );
    return { name: journey.name, file: journey.file, ok: true, ms: Date.now() - started };
  } catch (error) {
    const where = error instanceof JourneyTimeout ? await pagesWhenStopped(journey, pages) : '';
    return {
      name: journey.name,
      file: journey.file,
      ok: false,
      ms: Date.now() - started,
      error: describeError(error) + where,
    };
  } finally {
    await Promise.allSettled(pages.map((session) => session.close()));
  }
}

/** The number of times a failed journey is run again, from E2E_RETRIES (default 1). */
function retriesAllowed(): number {
  const value = Number(process.env.E2E_RETRIES ?? 1);
  return Number.isInteger(value) && value >= 0 ? value : 1;
}

/**
 * Runs each failed journey again, after all the others, up to `retriesAllowed()` times: a journey
 * that waits on a busy machine can miss a deadline once, and one that is broken fails again.
 */
async function retryFailures(
  outcomes: Outcome[],
  selected: Journey[],
  run: (journey: Journey) => Promise<Outcome>,
): Promise<void> {
  const retries = retriesAllowed();
  for (const [index, first] of outcomes.entries()) {
    if (first.ok) continue;
    const journey = selected.find((candidate) => candidate.name === first.name);
    if (!journey) continue;
    const errors = [first.error ?? ''];
    for (let attempt = 1; attempt <= retries; attempt += 1) {
      console.log(`RETRY ${journey.name}`);
      const again = await run(journey);
      const seconds = (again.ms / 1000).toFixed(1);
      console.log(
        `${again.ok ? 'PASS' : 'FAIL'}  ${journey.name} (try ${attempt + 1}, ${seconds} s)`,
      );
      if (again.ok) {
        outcomes[index] = { ...again, retried: true, error: errors.join('\n\n') };
        break;
      }
      errors.push(again.error ?? '');
      if (again.error) console.log(`${indent(again.error)}\n`);
      outcomes[index] = { ...again, error: errors.join('\n\n') };
    }
  }
}

/** Lanes that run journeys side by side, each on a server of its own (E2E_LANES, 2 by default). */
function lanesWanted(): number {
  const value = Number(process.env.E2E_LANES ?? 2);
  return Number.isInteger(value) && value >= 1 ? value : 2;
}

/** The journeys by file, in the order they loaded: a file's journeys run in one lane, in order. */
function byFile(selected: Journey[]): Journey[][] {
  const groups = new Map<string, Journey[]>();
  for (const journey of selected) {
    const group = groups.get(journey.file) ?? [];
    group.push(journey);
    groups.set(journey.file, group);
  }
  return [...groups.values()];
}

/**
 * A server for the journeys. A start that fails is tried once more, in a new data folder, with its
 * reason printed: one slow start on a busy machine should not leave every journey unrun.
 */
async function startOnce(
  name: string,
  beforeStart: (env: Record<string, string>) => Promise<void>,
): Promise<TestServer> {
  const env = {
    ...vapidEnv(),
    ...paymentsEnv(),
    // The journeys test what people do, not load shedding (the gate's own tests do): on a loaded
    // machine (two lanes, the Node 22/24 smokes beside them) the embedded database's 1.5 s wait
    // limit can rightly answer a background poll 503, which would fail a journey for nothing in it.
    DATABASE_QUEUE_TIMEOUT_MS: '15000',
  };
  const options = { name, env, beforeStart };
  try {
    return await startServer(options);
  } catch (error) {
    console.log(
      `The server did not start; starting it once more:\n${indent(describeError(error))}`,
    );
    return startServer(options);
  }
}

/**
 * One server per lane. The console's admin is made from the command line before the first start,
 * as an operator makes it; the other lanes start from a copy of that data folder, so one admin
 * with one TOTP secret signs in on every server. The first start builds the web app when its
 * sources changed, so the others start after it, side by side.
 */
async function startLanes(count: number): Promise<TestServer[]> {
  const template = await mkdtemp(join(tmpdir(), 'maya-e2e-operator-'));
  try {
    const first = await startOnce('e2e-server', async (env) => {
      await createConsoleOperator(env);
      await rm(template, { recursive: true, force: true });
      await cp(env.DATA_DIR!, template, { recursive: true });
    });
    const started = await Promise.allSettled(
      Array.from({ length: count - 1 }, (_, index) =>
        startOnce(`e2e-server-${index + 2}`, (env) =>
          cp(template, env.DATA_DIR!, { recursive: true }),
        ),
      ),
    );
    const servers = [first];
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) {
      await Promise.allSettled(servers.map((server) => server.stop()));
      throw failure.reason;
    }
    return servers;
  } finally {
    await rm(template, { recursive: true, force: true });
  }
}

export async function main({ executablePath }: { executablePath: string }): Promise<number> {
  const outcomes: Outcome[] = [];
  let servers: TestServer[] = [];
  let browser: BrowserHandle | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await Promise.allSettled(servers.map((server) => server.stop()));
  };
  const interrupt = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the servers and the browser`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  let selected: Journey[] = [];
  try {
    await loadJourneys();
    const grep = process.env.E2E_GREP;
    const wanted = grep?.split('|');
    selected = wanted
      ? journeys.filter((journey) => wanted.some((text) => journey.name.includes(text)))
      : journeys;
    if (grep)
      console.log(`E2E_GREP="${grep}": running ${selected.length} of ${journeys.length} journeys`);
    if (selected.length === 0) throw new Error('No journeys to run.');

    await rm(screenshotsDir, { recursive: true, force: true });
    await rm(axeDir, { recursive: true, force: true });
    await mkdir(resultsDir, { recursive: true });

    const files = byFile(selected);
    const laneCount = Math.min(lanesWanted(), files.length);
    console.log(
      `Browser suite: ${selected.length} journeys in ${laneCount} lane(s), Chromium at ${executablePath}`,
    );
    servers = await startLanes(laneCount);
    for (const server of servers) {
      console.log(
        `Server ready at ${server.url} (readyMs ${server.readyMs ?? '?'}; log ${server.logFile})`,
      );
    }
    browser = await launchBrowser(executablePath);
    console.log(`Chromium ${browser.version}\n`);

    // A browser that crashed during one journey would fail every journey after it: it is launched
    // again, once for all lanes.
    let relaunch: Promise<BrowserHandle> | undefined;
    const liveBrowser = async (): Promise<BrowserHandle> => {
      if (browser!.isConnected()) return browser!;
      relaunch ??= (async () => {
        console.log('Chromium is gone; launching it again');
        browser = await launchBrowser(executablePath);
        relaunch = undefined;
        return browser;
      })();
      return relaunch;
    };
    const laneOf = new Map<string, number>();
    const run = async (journey: Journey) =>
      runJourney(journey, servers[laneOf.get(journey.name) ?? 0]!, await liveBrowser());

    // Each lane takes the next file when it is free.
    const queue = [...files];
    await Promise.all(
      servers.map(async (_, lane) => {
        for (let group = queue.shift(); group; group = queue.shift()) {
          for (const journey of group) {
            laneOf.set(journey.name, lane);
            const outcome = await run(journey);
            outcomes.push(outcome);
            const seconds = (outcome.ms / 1000).toFixed(1);
            const line = `${outcome.ok ? 'PASS' : 'FAIL'}  ${journey.name} (${seconds} s)`;
            console.log(outcome.error ? `${line}\n${indent(outcome.error)}\n` : line);
          }
        }
      }),
    );
    // The report keeps the journeys' own order; the retries run one at a time.
    const order = new Map(selected.map((journey, index) => [journey.name, index]));
    outcomes.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
    await retryFailures(outcomes, selected, run);
  } catch (error) {
    // Nothing could run (no journeys, no server, no browser): every selected journey failed.
    console.log(`\nThe browser suite could not run:\n${indent(describeError(error))}`);
    const ran = new Set(outcomes.map((outcome) => outcome.name));
    const notRun = selected.filter((journey) => !ran.has(journey.name));
    for (const journey of notRun.length > 0 ? notRun : [{ name: 'setup', file: '' }]) {
      outcomes.push({ name: journey.name, file: journey.file, ok: false, ms: 0, error: 'not run' });
    }
  } finally {
    await cleanUp();
  }

  const retried = outcomes.filter((outcome) => outcome.retried);
  if (retried.length > 0) {
    console.log(`\nPassed only on a second try (${retried.length}):`);
    for (const outcome of retried) console.log(`  ${outcome.name}`);
  }
  const passed = outcomes.filter((outcome) => outcome.ok).length;
  const failed = outcomes.length - passed;
  for (const server of servers) {
    if (server.errorLogs.length === 0) continue;
    console.log(`\nThe server logged ${server.errorLogs.length} error(s); see ${server.logFile}`);
  }
  await mkdir(resultsDir, { recursive: true });
  await writeFile(
    join(resultsDir, 'e2e-report.json'),
    `${JSON.stringify({ date: new Date().toISOString(), passed, failed, outcomes }, null, 2)}\n`,
  );
  console.log(`\nScreenshots: ${screenshotsDir}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}
