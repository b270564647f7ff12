import type { PGlite } from '@electric-sql/pglite';
import type { RequestTurns } from './background-work.js';

/** A statement waited longer than the gate allows for the embedded database: answered 503. */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`The embedded database is busy: a statement waited ${Math.round(waitedMs)} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** Whether an error (or one it wraps, as Drizzle wraps the driver's) is the gate's refusal. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
    if (typeof current !== 'object') return false;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface PgliteGateOptions {
  /**
   * Longest a request may wait for the database before its statement is refused: when `request`
   * knows it, the wait from its arrival to its first statement's turn plus each later
   * statement's wait for its turn (so a request of several statements is refused once it has
   * been waiting that long in all, while the time it spends on its own work between statements,
   * a Maya turn's reading and writing, does not count), else the statement's own wait.
   */
  waitLimitMs: number;
  /**
   * The request the statement being sent belongs to: when it arrived, and whether it is under
   * way (the gate marks it when one of its statements takes its turn). A statement of a request
   * under way goes before those of requests not started yet.
   */
  request?: () => RequestTurns | undefined;
  /** Hears each statement's wait for its turn (ms), and whether it was a request's. */
  onTurn?: (waitedMs: number, limited: boolean) => void;
  /** Hears each refusal of a request's statement (answered 503). */
  onRefused?: () => void;
  /**
   * Whether the statement being sent belongs to background work (a job's handler): such a
   * statement takes its turn after every request's statement waiting, unless it has itself
   * waited `backgroundWaitLimitMs`. Without it, every statement is served in arrival order.
   */
  isBackground?: () => boolean;
  /** The longest a background statement waits behind requests before it goes first (250 ms). */
  backgroundWaitLimitMs?: number;
}

export interface PgliteGate {
  /**
   * Runs `task` (one statement, or a whole transaction) when its turn comes. `limited` tasks are
   * refused with DatabaseBusyError once they have waited `waitLimitMs`; the others (the job
   * queue's, background work) wait as long as it takes.
   */
  run<T>(task: () => Promise<T>, limited?: boolean): Promise<T>;
  /** The PGlite client with `query`, `exec` and `transaction` going through `run`. */
  client: PGlite;
  /** Statements waiting for their turn now. */
  readonly waiting: number;
}

interface Waiter {
  task: () => Promise<unknown>;
  enqueuedAt: number;
  /** When it is refused if it has not had its turn (`performance.now()`): see `waitLimitMs`. */
  deadline: number;
  request: RequestTurns | undefined;
  limited: boolean;
  background: boolean;
  timer?: NodeJS.Timeout;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * One turn at a time, first come first served, for the embedded database. PGlite is one
 * connection in this process, and a statement runs synchronously in its WebAssembly engine: with
 * many requests queued, PGlite's own lock hands the engine from one statement to the next in
 * microtasks, so the event loop never reads a socket or fires a timer until every queued
 * statement has run (seconds under load), and the requests that arrive meanwhile wait for the
 * whole queue. The gate lets the event loop turn between two statements (setImmediate), so
 * answers go out and new requests join the queue's tail in arrival order, and it refuses a
 * request's statement once its request has waited longer than `waitLimitMs` in all (503 with
 * Retry-After) instead of letting it wait without bound: a request of several statements, each
 * waiting behind the others', is refused rather than answered after seconds.
 *
 * A request under way (one of its statements has had its turn) finishes first: its next
 * statements go before those of requests not started yet. Under more load than the engine can
 * serve, the requests it started are answered and the others refused on time, where in one
 * arrival order a request's second statement would wait behind every newer request's first and
 * no request of several statements would finish in time.
 *
 * Background work (a burst of Maya's turns, a wave of digests) waits behind the requests: its
 * statements form a second queue, served when no request's statement waits, or once its oldest
 * has waited `backgroundWaitLimitMs`, so a job neither delays a person's message by more than
 * the statement running nor waits without bound under steady traffic.
 */
export function createPgliteGate(pglite: PGlite, options: PgliteGateOptions): PgliteGate {
  /** Statements of requests under way, then the others in arrival order, then background work. */
  const underWay: Waiter[] = [];
  const foreground: Waiter[] = [];
  const background: Waiter[] = [];
  const backgroundWaitLimitMs = options.backgroundWaitLimitMs ?? 250;
  let busy = false;

  const nextWaiter = (): Waiter | undefined => {
    const oldestBackground = background[0];
    if (
      oldestBackground &&
      (underWay.length + foreground.length === 0 ||
        performance.now() - oldestBackground.enqueuedAt >= backgroundWaitLimitMs)
    ) {
      return background.shift();
    }
    return underWay.shift() ?? foreground.shift();
  };

  const refuse = (waiter: Waiter) => {
    clearTimeout(waiter.timer);
    options.onRefused?.();
    waiter.reject(new DatabaseBusyError(performance.now() - waiter.enqueuedAt));
  };

  const waitingNow = () => underWay.length + foreground.length + background.length;

  const next = () => {
    busy = false;
    if (waitingNow() > 0) {
      busy = true;
      setImmediate(turn);
    }
  };

  function turn() {
    const waiter = nextWaiter();
    if (!waiter) {
      busy = false;
      return;
    }
    clearTimeout(waiter.timer);
    const now = performance.now();
    if (waiter.limited && now > waiter.deadline) {
      refuse(waiter);
      turn();
      return;
    }
    const { request } = waiter;
    if (request) {
      request.waitedMs += now - (request.started ? waiter.enqueuedAt : request.arrivedAt);
      request.started = true;
    }
    options.onTurn?.(now - waiter.enqueuedAt, waiter.limited);
    let running: Promise<unknown>;
    try {
      running = waiter.task();
    } catch (error) {
      running = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    running.then(waiter.resolve, waiter.reject).finally(next);
  }

  function run<T>(task: () => Promise<T>, limited = true): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const enqueuedAt = performance.now();
      const request = limited ? options.request?.() : undefined;
      const waiter: Waiter = {
        task,
        enqueuedAt,
        deadline: !request
          ? enqueuedAt + options.waitLimitMs
          : request.started
            ? enqueuedAt + options.waitLimitMs - request.waitedMs
            : Math.min(enqueuedAt, request.arrivedAt) + options.waitLimitMs,
        request,
        limited,
        background: options.isBackground?.() ?? false,
        resolve: (value) => resolve(value as T),
        reject,
      };
      const queue = waiter.background ? background : request?.started ? underWay : foreground;
      queue.push(waiter);
      if (limited && Number.isFinite(options.waitLimitMs)) {
        // Refused on time even while a transaction holds the engine across several statements.
        waiter.timer = setTimeout(
          () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) {
              queue.splice(index, 1);
              refuse(waiter);
            }
          },
          Math.max(0, waiter.deadline - enqueuedAt),
        );
        waiter.timer.unref();
      }
      if (!busy) {
        // Even with nobody waiting, the statement starts after the event loop has turned: PGlite
        // answers within microtasks, so a request started at once runs to its end without
        // letting the loop read the other sockets, and one loop turn serves every request that
        // was ready in it (hundreds of ms under load) before any timer or new request is seen.
        busy = true;
        setImmediate(turn);
      }
    });
  }

  const gated = {
    query: (...args: Parameters<PGlite['query']>) => run(() => pglite.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => run(() => pglite.exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) =>
      run(() => pglite.transaction(...args)),
  };
  // Everything else (close, dumpDataDir, …) is PGlite's own, called on PGlite itself (its
  // private fields need the real `this`).
  const client = new Proxy(pglite, {
    get(target, property) {
      if (Object.hasOwn(gated, property)) return gated[property as keyof typeof gated];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });

  return {
    run,
    client,
    get waiting() {
      return waitingNow();
    },
  };
}
