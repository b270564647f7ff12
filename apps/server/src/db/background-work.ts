import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work: a job's handler, which nobody is waiting on this instant. On
 * the embedded database its statements take their turn after the requests' (db/pglite-gate.ts).
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the code running now was started by `inBackground`. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/** A request as the embedded database's gate sees it (db/pglite-gate.ts). */
export interface RequestTurns {
  /** When it arrived (`performance.now()`). */
  arrivedAt: number;
  /** Whether one of its statements has had its turn: the request is under way. */
  started: boolean;
  /** How long it has waited for the database so far (ms): see the gate's `waitLimitMs`. */
  waitedMs: number;
}

const arrivals = new AsyncLocalStorage<RequestTurns>();

/**
 * Runs `next` (the rest of a request's handling) with the time its request arrived
 * (`performance.now()`), so the embedded database can refuse a request's statement once the
 * request as a whole, not only that statement, has waited too long, and serve a request under
 * way before one not yet started (db/pglite-gate.ts).
 */
export function withRequestArrival(arrivedAt: number, next: () => void): void {
  arrivals.run({ arrivedAt, started: false, waitedMs: 0 }, next);
}

/** The request the code running now serves, if it serves one. */
export function currentRequest(): RequestTurns | undefined {
  return arrivals.getStore();
}
