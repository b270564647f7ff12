import { sameSignature, type MailLinkSigner } from '../../lib/mail-link-signer.js';

/** The web page a statement's appeal link opens. */
export const APPEAL_PAGE = '/appeal';

const UUID_BYTES = 16;
const MAC_BYTES = 32;
/** 48 bytes in base64url: 64 characters, every one carrying six whole bits. */
const TOKEN = /^[\w-]{64}$/;

const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The appeal link of a statement of reasons: stateless, the decision's id and an HMAC over it
 * under the mail links' secret, so no table holds them and the link lasts as long as the decision.
 * Whether the decision may still be appealed (six months, once) is the service's rule, not the
 * link's. The token is the id's 16 bytes and the MAC's 32 in base64url: opaque, and of a length
 * in which no character has spare bits, so each token decodes from one spelling only.
 */
export function createAppealLinks(signer: MailLinkSigner, publicUrl: string) {
  const mac = (decisionId: string) => signer.mac(`appeal:${decisionId}`);

  async function tokenOf(decisionId: string): Promise<string> {
    const id = Buffer.from(decisionId.replaceAll('-', ''), 'hex');
    return Buffer.concat([id, await mac(decisionId)]).toString('base64url');
  }

  return {
    tokenOf,

    /** The link mailed with the decision's statement: `${PUBLIC_URL}/appeal?token=…`. */
    async linkOf(decisionId: string): Promise<string> {
      return new URL(`${APPEAL_PAGE}?token=${await tokenOf(decisionId)}`, publicUrl).toString();
    },

    /** The decision a token names, if this server signed it; undefined for any other text. */
    async decisionOf(token: string): Promise<string | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const bytes = Buffer.from(token, 'base64url');
      const decisionId = uuidOf(bytes.subarray(0, UUID_BYTES));
      const given = bytes.subarray(UUID_BYTES, UUID_BYTES + MAC_BYTES);
      return sameSignature(await mac(decisionId), given) ? decisionId : undefined;
    },
  };
}

export type AppealLinks = ReturnType<typeof createAppealLinks>;
