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
