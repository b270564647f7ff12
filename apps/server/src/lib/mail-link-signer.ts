import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What signs the links mailed to people that work without a session (the one-click unsubscribe,
 * the appeal of a decision): HMAC-SHA256 under one secret. Each kind of link signs its own
 * prefixed text (`unsubscribe:…`, `appeal:…`), so a signature for one never opens another.
 */
export interface MailLinkSigner {
  /** The text's HMAC-SHA256. */
  mac(text: string): Promise<Buffer>;
  /** The same, base64url. */
  sign(text: string): Promise<string>;
}

export interface MailLinkSignerOptions {
  /** MAIL_LINK_SECRET, when the configuration names one. */
  configured: string | undefined;
  /**
   * Unset: keeps `candidate` as the secret unless one is kept already, and answers the one kept,
   * so every process sharing the database signs alike (`server_secrets`, name `mail-link`).
   */
  keep: (candidate: string) => Promise<string>;
}

/** The signer over MAIL_LINK_SECRET, or over the secret made once and kept in the database. */
export function createMailLinkSigner({ configured, keep }: MailLinkSignerOptions): MailLinkSigner {
  let secret: Promise<string> | undefined;
  const signingSecret = () =>
    (secret ??= configured
      ? Promise.resolve(configured)
      : keep(randomBytes(32).toString('base64url')).catch((error: unknown) => {
          // A database that failed once is asked again by the next link.
          secret = undefined;
          throw error;
        }));

  async function mac(text: string): Promise<Buffer> {
    return createHmac('sha256', await signingSecret())
      .update(text)
      .digest();
  }

  return {
    mac,
    async sign(text) {
      return (await mac(text)).toString('base64url');
    },
  };
}

/** Whether a given signature is the expected one, in time that does not depend on where they differ. */
export function sameSignature(expected: Buffer | string, given: Buffer | string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}
