import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  sellerToolOutputSchema,
  type SellerCard,
  type SignupBody,
  type UsersPage,
} from '@maya/contracts';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import type { EvalSeller } from './types.js';

/**
 * The public API as a browser uses it: sign-up, the directory search and Maya's chat stream (read
 * with the AI SDK's own chat transport, as the web app's useChat does).
 */
export function createClient(baseUrl: string) {
  const api = `${baseUrl}/api/v1`;
  const password = randomBytes(18).toString('base64url');
  let addresses = 0;

  /** A new address from the benchmarking range (RFC 2544) for each caller; see server.ts. */
  const nextAddress = () => {
    addresses += 1;
    return `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
  };
  const headers = () => ({
    'content-type': 'application/json',
    'x-requested-with': 'fetch',
    'x-forwarded-for': nextAddress(),
  });

  async function signUp(body: SignupBody): Promise<{ id: string; token: string }> {
    const response = await fetch(`${api}/auth/signup`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(body),
    });
    if (response.status !== 202) {
      throw new Error(
        `Sign-up of ${body.email} answered ${response.status}: ${await response.text()}`,
      );
    }
    // Sign-up answers the same for any email and mails the way in; the password signs in too.
    // A busy server (503, password hashing queued on a loaded machine) is asked again shortly.
    let login: Response;
    for (let attempt = 1; ; attempt += 1) {
      login = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: body.email, password: body.password }),
      });
      if (login.status !== 503 || attempt === 5) break;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
    if (login.status !== 200) {
      throw new Error(`Sign-in of ${body.email} answered ${login.status}: ${await login.text()}`);
    }
    const session = (await login.json()) as { user: { id: string }; token: string };
    return { id: session.user.id, token: session.token };
  }

  /** Each seller's session, by key: a business may ask Maya too. */
  const sellerTokens = new Map<string, string>();

  return {
    /** The session of a seller signed up before, to ask Maya as that business. */
    sellerToken(key: string): string {
      const token = sellerTokens.get(key);
      if (!token) throw new Error(`No seller signed up with the key ${key}.`);
      return token;
    },

    async signUpSeller(seller: EvalSeller): Promise<string> {
      const [firstName, ...rest] = seller.name.split(' ');
      const { id, token } = await signUp({
        role: 'seller',
        email: `${seller.key}@finding-eval.example.com`,
        password,
        firstName: firstName!,
        lastName: rest.join(' ') || firstName!,
        description: seller.description,
        category: seller.sector,
        location: { address: seller.address, lat: seller.at[0], lng: seller.at[1] },
      });
      sellerTokens.set(seller.key, token);
      for (const service of seller.services ?? []) {
        const listed = await fetch(`${api}/me/services`, {
          method: 'POST',
          headers: { ...headers(), authorization: `Bearer ${token}` },
          body: JSON.stringify(service),
        });
        if (listed.status !== 201) {
          throw new Error(
            `A service of ${seller.key} answered ${listed.status}: ${await listed.text()}`,
          );
        }
      }
      return id;
    },

    /** A buyer with a saved location, for "near me"; answers the session token. */
    async signUpBuyer(
      name: string,
      location: { address: string; lat: number; lng: number },
    ): Promise<string> {
      const { token } = await signUp({
        role: 'buyer',
        email: `${name}@finding-eval.example.com`,
        password,
        firstName: 'Eval',
        lastName: 'Buyer',
        description: '',
        location,
      });
      return token;
    },

    /** The directory with the request's words as typed, as a visitor: `GET /users?q=`. */
    async search(
      q: string,
    ): Promise<{ status: number; ids: string[]; complete: number; ms: number }> {
      const started = performance.now();
      const response = await fetch(`${api}/users?${new URLSearchParams({ q })}`, {
        headers: headers(),
      });
      const body = response.ok ? ((await response.json()) as UsersPage) : undefined;
      if (!body) await response.body?.cancel();
      return {
        status: response.status,
        ids: body?.items.map((item) => item.id) ?? [],
        // Items that matched every word; the rest are labelled partial matches.
        complete: body?.items.filter((item) => item.match?.complete !== false).length ?? 0,
        ms: performance.now() - started,
      };
    },

    /** One turn with Maya: the conversation so far plus the new words; the whole reply read. */
    async chat(
      history: UIMessage[],
      text: string,
      token?: string,
      /** The asker's locale, as their browser's Accept-Language names it: en, pt-PT, pt-BR. */
      locale?: string,
    ): Promise<{ status: number; message?: UIMessage; error?: string; ms: number }> {
      let status = 0;
      const transport = new DefaultChatTransport<UIMessage>({
        api: `${api}/assistant/chat`,
        headers: {
          'x-requested-with': 'fetch',
          'x-forwarded-for': nextAddress(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(locale ? { 'accept-language': locale } : {}),
        },
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          status = response.status;
          return response;
        },
      });
      const messages: UIMessage[] = [
        ...history,
        { id: `u${history.length}`, role: 'user', parts: [{ type: 'text', text }] },
      ];
      const started = performance.now();
      try {
        const stream = await transport.sendMessages({
          trigger: 'submit-message',
          chatId: 'finding-eval',
          messageId: undefined,
          messages,
          abortSignal: AbortSignal.timeout(60_000),
        });
        let message: UIMessage | undefined;
        let streamError: string | undefined;
        for await (const update of readUIMessageStream<UIMessage>({
          stream,
          onError: (error) => {
            streamError = error instanceof Error ? error.message : String(error);
          },
        })) {
          message = update;
        }
        return { status, message, error: streamError, ms: performance.now() - started };
      } catch (error) {
        return {
          status,
          error: error instanceof Error ? error.message : String(error),
          ms: performance.now() - started,
        };
      }
    },
  };
}

export type EvalClient = ReturnType<typeof createClient>;

export interface MayaReply {
  /** Every seller card of the reply's tool results, in order, each once. */
  cards: SellerCard[];
  /** Cards from tool results labelled as alternatives (see `isAlternative`). */
  alternativeIds: Set<string>;
  text: string;
  /** Tool outputs that did not match the seller-card contract. */
  malformed: number;
}

/**
 * A card set is labelled as alternatives when its tool result's note, or the card's own "why",
 * says so in words ("alternative", "alternativa"). The contract has no field for it yet; when it
 * gains one, read the field here instead.
 */
function isAlternative(note: string, why: string): boolean {
  return /\balternativ/i.test(note) || /\balternativ/i.test(why);
}

export function readReply(message: UIMessage | undefined): MayaReply {
  const reply: MayaReply = { cards: [], alternativeIds: new Set(), text: '', malformed: 0 };
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const part of message?.parts ?? []) {
    if (part.type === 'text') {
      texts.push(part.text);
      continue;
    }
    if (!part.type.startsWith('tool-') || !('state' in part) || part.state !== 'output-available') {
      continue;
    }
    const parsed = sellerToolOutputSchema.safeParse(part.output);
    if (!parsed.success) {
      reply.malformed += 1;
      continue;
    }
    for (const card of parsed.data.sellers) {
      if (isAlternative(parsed.data.note, card.why)) reply.alternativeIds.add(card.id);
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      reply.cards.push(card);
    }
  }
  reply.text = texts.join('\n').trim();
  return reply;
}
