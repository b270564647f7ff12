import { describe, expect, it } from 'vitest';
import ownList from './common-passwords.json' with { type: 'json' };
import { commonPasswordList, isCommonPassword } from './common-passwords.js';
import { rejectCommonPassword } from './password.js';

describe('breached passwords', () => {
  it('holds the breached-password list of tens of thousands, not a short list', async () => {
    expect((await commonPasswordList()).size).toBeGreaterThan(40_000);
  });

  it('refuses passwords from real breaches that no short list of the most common has', async () => {
    for (const password of ['sunshine1', 'letmein123', 'Superman1', 'trustno1', 'q1w2e3r4t5']) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses the project’s own additions, in any letter case', async () => {
    for (const password of ownList.passwords) {
      expect(await isCommonPassword(password.toUpperCase()), password).toBe(true);
    }
    expect(await isCommonPassword('Benfica1')).toBe(true);
  });

  it('lets a passphrase of the person’s own through', async () => {
    expect(await isCommonPassword('correct horse battery staple')).toBe(false);
    expect(await isCommonPassword('Lisboa-tem-7-colinas!')).toBe(false);
    await expect(rejectCommonPassword('Lisboa-tem-7-colinas!')).resolves.toBeUndefined();
  });

  it('answers a breached password with the field at fault', async () => {
    await expect(rejectCommonPassword('sunshine1')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
