import { describe, expect, inject, it, vi } from 'vitest';
import { readEnv } from '../src/config.js';
import { lendPglite, sparesHeld } from './pglite-spares.js';

describe.skipIf(readEnv('DATABASE_URL'))('embedded databases lent to test files', () => {
  it('lends a given-back database again, but closes one a file used while it faked the clock', async () => {
    const first = await lendPglite(inject('pgliteDump'));
    await first.client.query('select 1');
    const held = sparesHeld();
    await first.giveBack();
    expect(sparesHeld()).toBe(held + 1);

    const second = await lendPglite(inject('pgliteDump'));
    expect(sparesHeld()).toBe(held);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 91 * 24 * 3_600_000 });
    try {
      await second.client.query('select now()');
    } finally {
      vi.useRealTimers();
    }
    await second.giveBack();
    expect(sparesHeld()).toBe(held);
  });
});
