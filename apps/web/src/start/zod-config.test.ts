// @vitest-isolate: it tests what its module does when first loaded.
import { describe, expect, it } from 'vitest';

describe('zod configuration', () => {
  it('turns off eval-compiled parsers for every zod loaded after it (CSP)', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
