import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error.js';
import { memoryStore, reportRefusal, type LimiterStore } from './limiter.js';
import { createLru } from './lru.js';

/** What a piece of work holds of a budget while it runs. */
export interface Hold {
  /** How much is held now. */
  readonly amount: number;
  /**
   * Holds `amount` from now on. Less gives the difference back (the work wrote less than it
   * took, or nothing); more takes the difference as `take` does, or throws RATE_LIMITED and
   * keeps what it held.
   */
  resize(amount: number): Promise<void>;
}

export interface Throttle {
  /**
   * Takes `amount` (default 1) from the key's window before the work it pays for, or throws
   * RATE_LIMITED with Retry-After, having taken nothing, when the window cannot hold it all.
   */
  take(key: string, amount?: number): Promise<Hold>;
}

/** A refund sent this close to its window's end could land in the next window: it is skipped. */
const REFUND_MARGIN_MS = 1_000;

interface Waiting {
  amount: number;
  /** Called with the end of the window the amount was taken from. */
  taken(windowEnd: number): void;
  refused(error: unknown): void;
}

/**
 * A fixed-window budget per key whose work pays first. Takes count in the store's own atomic
 * step (`consume`: an upsert in PostgreSQL, a script in Redis, one synchronous step in memory),
 * so requests arriving together can never take more than a window holds, on any number of
 * processes. Work that writes less than it took, or fails, gives the rest back
 * (`Hold.resize`); a refund never reaches a window that has ended, so nothing is given twice.
 * Windows expire, so nothing is locked for good.
 *
 * A process asks the store about one key once at a time: takes that arrive meanwhile wait and go
 * together in the next `consume` of their sum, whose answer (the count before it) says which of
 * them fit, in arrival order; the rest is given back in one `reward`. So a burst of 5,000 costs
 * the store a few statements, not 5,000 queued on its pool.
 *
 * `remembersRefusals` is for budgets nothing is ever given back to (typing): a refused key is
 * then refused here until its window ends, without asking the store.
 */
export function createThrottle(options: {
  /** Distinguishes this budget's keys in a shared store. */
  name: string;
  max: number;
  windowMs: number;
  /** The problem's detail; `{seconds}` becomes the time left. */
  message: string;
  store?: LimiterStore;
  remembersRefusals?: boolean;
}): Throttle {
  const limiter = (options.store ?? memoryStore)({
    keyPrefix: options.name,
    points: options.max,
    duration: options.windowMs / 1000,
  });
  /** Per key with a `consume` under way: the takes that wait for the next one. */
  const queues = new Map<string, Waiting[]>();
  const refusedUntil = createLru<string, number>(10_000);

  function refusal(msLeft: number): AppError {
    reportRefusal(options.store, options.name);
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    return new AppError(
      'RATE_LIMITED',
      options.message.replace('{seconds}', String(seconds)),
      undefined,
      { 'retry-after': String(seconds) },
    );
  }

  /**
   * Gives `amount` back to the window ending at `windowEnd`, unless it has (nearly) ended: the
   * store would start the next window below zero. A refund the store cannot take is lost, which
   * leaves the key counted for more than it used until the window ends.
   */
  async function giveBack(key: string, amount: number, windowEnd: number): Promise<void> {
    if (amount <= 0 || Date.now() >= windowEnd - REFUND_MARGIN_MS) return;
    await limiter.reward(key, amount).then(
      () => undefined,
      () => undefined,
    );
  }

  /** One `consume` for the whole batch, then each take's answer. */
  async function settle(key: string, batch: Waiting[]): Promise<void> {
    const total = batch.reduce((sum, waiting) => sum + waiting.amount, 0);
    let counted: RateLimiterRes;
    try {
      counted = await limiter.consume(key, total);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        for (const waiting of batch) waiting.refused(error);
        return;
      }
      // Over the limit: the store counted the whole batch anyway.
      counted = error;
    }
    const windowEnd = Date.now() + counted.msBeforeNext;
    let room = options.max - (counted.consumedPoints - total);
    const refused: Waiting[] = [];
    for (const waiting of batch) {
      if (waiting.amount <= room) {
        room -= waiting.amount;
        waiting.taken(windowEnd);
      } else {
        refused.push(waiting);
      }
    }
    if (refused.length === 0) return;
    if (options.remembersRefusals) refusedUntil.set(key, windowEnd);
    // Given back before the refusals are answered and the next batch is counted, so what is
    // left of the window is there for them.
    await giveBack(
      key,
      refused.reduce((sum, waiting) => sum + waiting.amount, 0),
      windowEnd,
    );
    for (const waiting of refused) waiting.refused(refusal(counted.msBeforeNext));
  }

  async function drain(key: string, first: Waiting[]): Promise<void> {
    for (let batch = first; batch.length > 0; batch = queues.get(key) ?? []) {
      queues.set(key, []);
      await settle(key, batch);
    }
    queues.delete(key);
  }

  /** Takes `amount` as one of the key's next batch; answers when its window ends. */
  function takeOnce(key: string, amount: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const waiting = { amount, taken: resolve, refused: reject };
      const queue = queues.get(key);
      if (queue) queue.push(waiting);
      else void drain(key, [waiting]);
    });
  }

  function holdOf(key: string, amount: number, windowEnd: number): Hold {
    // Newest last; a hold that grew in a later window gives back from that window first.
    const pieces = [{ amount, windowEnd }];
    const held = () => pieces.reduce((sum, piece) => sum + piece.amount, 0);
    return {
      get amount() {
        return held();
      },
      async resize(target) {
        const current = held();
        if (target > current) {
          pieces.push({
            amount: target - current,
            windowEnd: await takeOnce(key, target - current),
          });
          return;
        }
        let surplus = current - target;
        for (let index = pieces.length - 1; index >= 0 && surplus > 0; index -= 1) {
          const piece = pieces[index]!;
          const back = Math.min(piece.amount, surplus);
          piece.amount -= back;
          surplus -= back;
          await giveBack(key, back, piece.windowEnd);
        }
      },
    };
  }

  return {
    async take(key, amount = 1) {
      if (amount <= 0) return holdOf(key, 0, Number.POSITIVE_INFINITY);
      const until = refusedUntil.get(key) ?? 0;
      if (Date.now() < until) throw refusal(until - Date.now());
      return holdOf(key, amount, await takeOnce(key, amount));
    },
  };
}
