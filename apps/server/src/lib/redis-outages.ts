interface RedisEvents {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

interface OutageLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Listens to a node-redis client's 'error' events (an unheard one would end the process) and
 * logs an outage twice: at its first error, and when the client is ready again with how many
 * errors it met. A reconnecting client fails every attempt, every two seconds at most; those
 * attempts stay out of the log.
 */
export function logRedisOutages(client: RedisEvents, log: OutageLog, name: string): void {
  let errors = 0;
  client.on('error', (error) => {
    errors += 1;
    if (errors === 1) log.warn({ err: error, redis: name }, `Redis (${name}) failed; reconnecting`);
  });
  client.on('ready', () => {
    if (errors === 0) return;
    log.warn({ redis: name, errors }, `Redis (${name}) is connected again`);
    errors = 0;
  });
}
