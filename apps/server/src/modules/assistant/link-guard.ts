import { sellerToolOutputSchema } from '@maya/contracts';
import type { UIMessageChunk } from 'ai';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `[label](target)`, the way models write links. */
const MARKDOWN_LINK = /\[([^\]\n]*)\]\(\s*([^)\s]*)\s*\)/g;
/** A profile path, alone or in a full address: `/sellers/<id>`, `https://host/sellers/<id>`. */
const PROFILE_PATH = /(?:https?:\/\/[^\s/()<>[\]]+)?\/sellers\/([A-Za-z0-9-]*)/g;
/** How far back an unfinished `[label](` may start; longer is not a link. */
const LINK_REACH = 400;

/** The ids of the seller cards in a tool output, if it is one. */
export function cardIds(output: unknown): string[] {
  const parsed = sellerToolOutputSchema.safeParse(output);
  return parsed.success ? parsed.data.sellers.map((card) => card.id.toLowerCase()) : [];
}

/**
 * How much of the text can go out now: not a word that may still grow into a link, nor a
 * `[label](target)` that is not finished (or finishes after that word).
 */
function safeEnd(text: string): number {
  let end = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\n'), text.lastIndexOf('\t')) + 1;
  for (
    let open = text.lastIndexOf('[');
    open !== -1 && open >= text.length - LINK_REACH;
    open = open > 0 ? text.lastIndexOf('[', open - 1) : -1
  ) {
    const rest = text.slice(open);
    const link = /^\[[^\]\n]*\]\(\s*[^)\s]*\s*\)/.exec(rest);
    if (link) {
      if (open + link[0].length > end) end = Math.min(end, open);
      continue;
    }
    // Closed brackets followed by anything but "(" are no link; anything else may still become one.
    if (/^\[[^\]\n]*\][^(]/.test(rest) || /^\[[^\]]*\n/.test(rest)) continue;
    end = Math.min(end, open);
  }
  return end;
}

/**
 * Takes out of the model's words every link to a profile that is no real seller: one not among
 * this conversation's tool results, or one the directory no longer has. A link's words stay, its
 * address goes. Works on the streamed text: a link split across deltas is held back until it is
 * complete.
 */
export function guardSellerLinks(options: {
  /** Seller ids in the tool results of earlier turns (as the browser sent them back). */
  earlier: Iterable<string>;
  /** Whether an id is a seller today. */
  exists: (id: string) => Promise<boolean>;
}): TransformStream<UIMessageChunk, UIMessageChunk> {
  const fromThisAnswer = new Set<string>();
  const earlier = new Set([...options.earlier].map((id) => id.toLowerCase()));
  const checked = new Map<string, Promise<boolean>>();
  const pending = new Map<string, string>();

  const isReal = (id: string): Promise<boolean> => {
    const key = id.toLowerCase();
    if (!UUID.test(key)) return Promise.resolve(false);
    if (fromThisAnswer.has(key)) return Promise.resolve(true);
    if (!earlier.has(key)) return Promise.resolve(false);
    let answer = checked.get(key);
    if (!answer) {
      answer = options.exists(key).catch(() => false);
      checked.set(key, answer);
    }
    return answer;
  };

  async function clean(text: string): Promise<string> {
    if (!text.includes('/sellers/')) return text;
    const ids = new Set<string>();
    for (const match of text.matchAll(PROFILE_PATH)) ids.add(match[1]!);
    const real = new Map<string, boolean>();
    await Promise.all([...ids].map(async (id) => real.set(id, await isReal(id))));
    const good = (target: string) =>
      [...target.matchAll(PROFILE_PATH)].every((match) => real.get(match[1]!) === true);
    return text
      .replace(MARKDOWN_LINK, (link: string, label: string, target: string) =>
        target.includes('/sellers/') && !good(target) ? label : link,
      )
      .replace(PROFILE_PATH, (path: string, id: string) => (real.get(id) ? path : ''));
  }

  async function flushAll(controller: TransformStreamDefaultController<UIMessageChunk>) {
    for (const [id, rest] of pending) {
      if (rest) controller.enqueue({ type: 'text-delta', id, delta: await clean(rest) });
    }
    pending.clear();
  }

  return new TransformStream<UIMessageChunk, UIMessageChunk>({
    async transform(chunk, controller) {
      if (chunk.type === 'tool-output-available') {
        for (const id of cardIds(chunk.output)) fromThisAnswer.add(id);
        controller.enqueue(chunk);
        return;
      }
      if (chunk.type === 'text-delta') {
        const text = (pending.get(chunk.id) ?? '') + chunk.delta;
        const end = safeEnd(text);
        pending.set(chunk.id, text.slice(end));
        if (end > 0) controller.enqueue({ ...chunk, delta: await clean(text.slice(0, end)) });
        return;
      }
      if (chunk.type === 'text-end') {
        const rest = pending.get(chunk.id);
        pending.delete(chunk.id);
        if (rest)
          controller.enqueue({ type: 'text-delta', id: chunk.id, delta: await clean(rest) });
      } else if (['finish-step', 'finish', 'error', 'abort'].includes(chunk.type)) {
        // A text that never ended (an error, a timeout) still goes out, checked, before the end.
        await flushAll(controller);
      }
      controller.enqueue(chunk);
    },
    flush: flushAll,
  });
}
