import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createMailLinkSigner, sameSignature } from './mail-link-signer.js';

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

describe('the mail links’ signer', () => {
  it('signs with MAIL_LINK_SECRET when it is set, asking the database for nothing', async () => {
    const keep = vi.fn();
    const signer = createMailLinkSigner({ configured: 'configured secret', keep });
    expect(await signer.sign('appeal:x')).toBe(hmac('configured secret', 'appeal:x'));
    expect((await signer.mac('appeal:x')).toString('base64url')).toBe(
      hmac('configured secret', 'appeal:x'),
    );
    expect(keep).not.toHaveBeenCalled();
  });

  it('otherwise signs with the secret the database keeps, asked for once, whatever it offered', async () => {
    const keep = vi.fn(async (candidate: string) => {
      expect(candidate).toMatch(/^[\w-]{43}$/);
      return 'the secret another process kept first';
    });
    const signer = createMailLinkSigner({ configured: undefined, keep });
    expect(await signer.sign('a')).toBe(hmac('the secret another process kept first', 'a'));
    expect(await signer.sign('b')).toBe(hmac('the secret another process kept first', 'b'));
    expect(keep).toHaveBeenCalledTimes(1);
  });

  it('asks the database again after it failed', async () => {
    const keep = vi
      .fn<(candidate: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValue('kept');
    const signer = createMailLinkSigner({ configured: undefined, keep });
    await expect(signer.sign('a')).rejects.toThrow('database down');
    expect(await signer.sign('a')).toBe(hmac('kept', 'a'));
    expect(keep).toHaveBeenCalledTimes(2);
  });

  it('compares signatures whole, of any length', () => {
    expect(sameSignature('abc', 'abc')).toBe(true);
    expect(sameSignature('abc', 'abd')).toBe(false);
    expect(sameSignature('abc', 'abcd')).toBe(false);
    expect(sameSignature(Buffer.from([1, 2]), Buffer.from([1, 2]))).toBe(true);
    expect(sameSignature('', 'a')).toBe(false);
  });
});
