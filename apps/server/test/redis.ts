import { spawnSync } from 'node:child_process';
import { readEnv } from '../src/config.js';
import { startRedis, type RedisInstance } from './fault/redis-instance.js';

/**
 * A redis-server of the test file's own on a free port, as the fault and cluster suites start
 * theirs, or undefined where none is installed (its tests are then skipped). CI installs one
 * before the server suites, so there a missing redis-server fails instead.
 */
export async function startTestRedis(): Promise<RedisInstance | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    if (readEnv('CI')) throw new Error('redis-server is missing: apt-get install redis-server');
    return undefined;
  }
  return startRedis();
}
