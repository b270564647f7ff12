import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool, observePoolWait } from './postgres-pool.js';

// A port that accepts connections and never answers: the pool's wait ends with its connect timeout.
const silent: Server = createServer(() => undefined);
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const address = silent.address();
const port = typeof address === 'object' && address ? address.port : 0;
afterAll(async () => {
  silent.close();
});

describe('observePoolWait', () => {
  it('hears the wait of pool.query and of pool.connect, until it stops listening', async () => {
    const pool = await createPostgresPool(
      { connectionString: `postgres://maya@127.0.0.1:${port}/maya`, max: 1 },
      { connectMs: 150, statementMs: 0 },
    );
    const waits: number[] = [];
    const stop = observePoolWait(pool, (seconds) => waits.push(seconds));
    try {
      await expect(pool.query('select 1')).rejects.toThrow();
      await expect(pool.connect()).rejects.toThrow();
      expect(waits).toHaveLength(2);
      for (const seconds of waits) expect(seconds).toBeGreaterThanOrEqual(0.1);

      stop();
      await expect(pool.query('select 1')).rejects.toThrow();
      expect(waits).toHaveLength(2);
    } finally {
      stop();
      await pool.end();
    }
  });
});
