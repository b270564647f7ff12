import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

function pgError(code: string, message = 'error') {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    [
      'an administrator shutdown (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server still starting (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300')],
    [
      'a statement timeout (57014)',
      pgError('57014', 'canceling statement due to statement timeout'),
    ],
    ['a lost connection (08006)', pgError('08006')],
    ['a connection timeout', new Error('timeout exceeded when trying to connect')],
    ['a frozen server', new Error('Query read timeout')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a full disk', Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })],
    ['a closed embedded database', new Error('PGlite is closed')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through the wrapper Drizzle puts around the driver error', () => {
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', pgError('23505', 'duplicate key value')],
    ['a syntax error (42601)', pgError('42601')],
    ['an invalid byte sequence (22021)', pgError('22021')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['a string', 'oops'],
    ['nothing', undefined],
  ])('does not mistake %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
