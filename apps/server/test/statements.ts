import type { DatabaseHandle } from '../src/db/client.js';

/**
 * The database statements `work` sends: each turn on the embedded database's one connection, or
 * each client taken from the PostgreSQL pool (one per statement outside a transaction). Work
 * beside it on the same database is counted too, so nothing else should run meanwhile.
 */
export async function countStatements(
  database: DatabaseHandle,
  work: () => Promise<unknown>,
): Promise<number> {
  let statements = 0;
  const count = () => {
    statements += 1;
  };
  const stop =
    database.observeQueue?.({ waited: count, refused: () => undefined }) ??
    database.pool?.observeWait(count);
  if (!stop) throw new Error('this database cannot count its statements');
  try {
    await work();
  } finally {
    stop();
  }
  return statements;
}
