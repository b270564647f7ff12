import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { sellerToolOutputSchema, type SellerToolOutput } from '@maya/contracts';
import { localeOf } from '../../lib/i18n/index.js';
import {
  originOf,
  planTurn,
  writeSearchAnswer,
  writeSellerAnswer,
  type Asker,
  type Turn,
} from './dialogue.js';
import { sentence } from './phrases.js';
import type { NamedPlaces } from './place-finder.js';

/**
 * The conversation as turns: each message of the person, with the seller cards of the tool
 * results that answered it; and the tool results after the newest message, if the tools ran.
 */
function readPrompt(prompt: LanguageModelV3Prompt): { turns: Turn[]; latest?: SellerToolOutput } {
  const turns: Turn[] = [];
  let latest: SellerToolOutput | undefined;
  for (const message of prompt) {
    if (message.role === 'user') {
      turns.push({
        text: message.content
          .filter((part) => part.type === 'text')
          .map((part) => part.text)
          .join(' '),
        cards: [],
      });
      latest = undefined;
      continue;
    }
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.output.type !== 'json') continue;
      const parsed = sellerToolOutputSchema.safeParse(part.output.value);
      if (!parsed.success) continue;
      const turn = turns.at(-1);
      if (turn) {
        turn.cards.push(...parsed.data.sellers);
        if (parsed.data.search) turn.origin = originOf(parsed.data);
      }
      latest = parsed.data;
    }
  }
  return { turns, latest };
}

/**
 * Who asks, as the service passes it in the call's provider options (`maya`): their locale and
 * whether they are a business. Other providers ignore these options.
 */
export function askerOf(options: LanguageModelV3CallOptions): Asker {
  const given = options.providerOptions?.maya;
  const locale = typeof given?.locale === 'string' ? localeOf(given.locale) : undefined;
  return { ...(locale ? { locale } : {}), ...(given?.business === true ? { business: true } : {}) };
}

const usage = (input: number, output: number): LanguageModelV3Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/**
 * Maya's own model, for running with no LLM provider: a real implementation of the AI SDK's
 * language-model interface. It reads the whole conversation (what was asked, which cards were
 * shown), answers small talk and vague requests with words, asks the searchSellers or getSeller
 * tool otherwise, then words the answer from the tool's results: the same path a hosted LLM
 * takes, with no network.
 */
export function createBuiltinModel(places: NamedPlaces): LanguageModelV3 {
  async function respond(options: LanguageModelV3CallOptions): Promise<LanguageModelV3Content[]> {
    const { turns, latest } = readPrompt(options.prompt);
    const { step, tongue } = await planTurn(turns, places, askerOf(options));
    if (step.kind === 'reply') return [{ type: 'text', text: step.text }];
    if (latest) {
      const text =
        step.kind === 'search'
          ? writeSearchAnswer(step, latest, tongue)
          : writeSellerAnswer(step, latest, tongue);
      return [{ type: 'text', text }];
    }
    const toolName = step.kind === 'search' ? 'searchSellers' : 'getSeller';
    if (!options.tools?.some((tool) => tool.name === toolName)) {
      return [{ type: 'text', text: sentence('withoutTools', tongue) }];
    }
    return [
      {
        type: 'tool-call',
        toolCallId: `call-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        toolName,
        input: JSON.stringify(step.kind === 'search' ? step.input : { id: step.id }),
      },
    ];
  }

  return {
    specificationVersion: 'v3',
    provider: 'maya',
    modelId: 'maya-builtin',
    supportedUrls: {},

    async doGenerate(options) {
      const content = await respond(options);
      const toolCall = content.some((part) => part.type === 'tool-call');
      return {
        content,
        finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: undefined },
        usage: usage(0, 0),
        warnings: [],
      };
    },

    async doStream(options) {
      const content = await respond(options);
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          let toolCall = false;
          for (const part of content) {
            if (part.type === 'text') {
              controller.enqueue({ type: 'text-start', id: 'answer' });
              // Word by word, so the interface streams as it would from a hosted model.
              for (const piece of part.text.match(/\S+\s*/g) ?? []) {
                controller.enqueue({ type: 'text-delta', id: 'answer', delta: piece });
              }
              controller.enqueue({ type: 'text-end', id: 'answer' });
            } else if (part.type === 'tool-call') {
              toolCall = true;
              controller.enqueue(part);
            }
          }
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: undefined },
            usage: usage(0, 0),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
