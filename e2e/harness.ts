/**
 * The journey registry. A journey file (e2e/journeys/*.e2e.ts) calls `journey(name, fn)` at load
 * time; the runner then runs every registered journey in order, each with its own browser
 * context (cookies and storage are never shared between journeys) against one shared server.
 *
 *   import { journey } from '../harness.js';
 *   journey('a buyer signs in', async ({ newPage }) => {
 *     const session = await newPage();
 *     await session.goto('/buyerauth');
 *     …
 *     session.expectNoIssues();
 *   });
 */
import type { BrowserHandle, NewPageOptions, PageSession } from './helpers/browser.js';
import type { TestServer } from './helpers/server.js';

export interface JourneyContext {
  server: TestServer;
  browser: BrowserHandle;
  /** A page in a fresh browser context, closed when the journey ends. */
  newPage: (options?: NewPageOptions) => Promise<PageSession>;
}

export interface Journey {
  name: string;
  file: string;
  timeoutMs: number;
  run(context: JourneyContext): Promise<void>;
}

/**
 * How long a journey may take unless it says otherwise. It only catches a journey that hangs: the
 * longest of the default ones takes about 70 s in two lanes on a quiet two-core machine, and a CI
 * machine has run the same journeys 2–3 times slower, with the Node smoke runs beside them.
 */
const DEFAULT_TIMEOUT_MS = 300_000;

export const journeys: Journey[] = [];
let currentFile = '';

/** Set by the runner while it imports a journey file, so failures can name the file. */
export function setCurrentFile(file: string): void {
  currentFile = file;
}

export function journey(
  name: string,
  run: (context: JourneyContext) => Promise<void>,
  options: { timeoutMs?: number } = {},
): void {
  if (journeys.some((existing) => existing.name === name)) {
    throw new Error(`Two journeys are named "${name}"; names must be unique.`);
  }
  journeys.push({
    name,
    file: currentFile,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    run,
  });
}
