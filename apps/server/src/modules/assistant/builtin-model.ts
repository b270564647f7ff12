import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { sellerToolOutputSchema, type SellerToolOutput } from '@maya/contracts';
import { readConversation, type SearchIntent } from './intent.js';

const sectorNames = {
  en: {
    'influencer-marketing': 'micro-influencer marketing businesses',
    hospitality: 'hospitality businesses',
    construction: 'construction businesses',
    beauty: 'beauty businesses',
  },
  pt: {
    'influencer-marketing': 'negócios de marketing de microinfluenciadores',
    hospitality: 'negócios de hotelaria e restauração',
    construction: 'empresas de construção',
    beauty: 'negócios de beleza',
  },
} as const;

function userTexts(prompt: LanguageModelV3Prompt): string[] {
  return prompt
    .filter((message) => message.role === 'user')
    .map((message) =>
      message.content
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join(' '),
    );
}

/** The tool results that answer the newest user message, if the tools have run already. */
function latestToolOutput(prompt: LanguageModelV3Prompt): SellerToolOutput | undefined {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.output.type !== 'json') continue;
      const parsed = sellerToolOutputSchema.safeParse(part.output.value);
      if (parsed.success) return parsed.data;
    }
  }
  return undefined;
}

function list(names: string[], language: 'en' | 'pt'): string {
  if (names.length <= 1) return names.join('');
  const and = language === 'pt' ? ' e ' : ' and ';
  return `${names.slice(0, -1).join(', ')}${and}${names.at(-1)}`;
}

/** The short answer Maya writes around the seller cards. */
export function writeAnswer(intent: SearchIntent, output: SellerToolOutput): string {
  const { language } = intent;
  const what = intent.sector
    ? sectorNames[language][intent.sector]
    : language === 'pt'
      ? 'vendedores'
      : 'sellers';
  const where = intent.place
    ? language === 'pt'
      ? ` em ${intent.place}`
      : ` in ${intent.place}`
    : intent.nearMe
      ? language === 'pt'
        ? ' perto de si'
        : ' near you'
      : '';
  const names = output.sellers.slice(0, 3).map((seller) => seller.name);
  const parts: string[] = [];
  if (output.sellers.length === 0) {
    parts.push(
      language === 'pt'
        ? `Não encontrei ${what}${where} para esse pedido. Experimente outro local, um raio maior ou outras palavras.`
        : `I couldn't find ${what}${where} for that. Try another place, a wider radius or other words.`,
    );
  } else {
    parts.push(
      language === 'pt'
        ? `Encontrei ${output.sellers.length} ${what}${where} que podem ajudar, como ${list(names, language)}.`
        : `I found ${output.sellers.length} ${what}${where} that could help, such as ${list(names, language)}.`,
    );
    parts.push(
      language === 'pt'
        ? 'Abra um cartão para ver o perfil e fale com eles no chat para pedir um orçamento.'
        : 'Open a card to see the profile, then use Chat Now to ask for a quote.',
    );
  }
  if (intent.budget) {
    parts.push(
      language === 'pt'
        ? 'Os preços não estão nos perfis: peça orçamentos a alguns para comparar.'
        : "Prices aren't listed on profiles, so ask a few of them for a quote and compare.",
    );
  }
  if (output.note.startsWith('location-unknown')) {
    parts.push(
      language === 'pt'
        ? 'Para procurar perto de si, inicie sessão e guarde a sua localização na conta.'
        : 'To search near you, sign in and save your location on your account page.',
    );
  }
  return parts.join(' ');
}

const usage = (input: number, output: number): LanguageModelV3Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/**
 * Maya's own model, for running with no LLM provider: a real implementation of the AI SDK's
 * language-model interface. It reads the conversation, asks for the searchSellers tool, then
 * writes a short answer from the tool's results — the same path a hosted LLM takes, no network.
 */
export function createBuiltinModel(places: () => Promise<string[]>): LanguageModelV3 {
  async function respond(options: LanguageModelV3CallOptions): Promise<LanguageModelV3Content[]> {
    const texts = userTexts(options.prompt);
    const intent = readConversation(texts, await places());
    const output = latestToolOutput(options.prompt);
    if (output) return [{ type: 'text', text: writeAnswer(intent, output) }];
    const hasSearch = options.tools?.some((tool) => tool.name === 'searchSellers');
    if (!hasSearch)
      return [{ type: 'text', text: 'Hi! I can recommend sellers; tell me what you need.' }];
    return [
      {
        type: 'tool-call',
        toolCallId: `call-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        toolName: 'searchSellers',
        input: JSON.stringify({
          query: intent.query,
          sector: intent.sector,
          place: intent.place,
          nearMe: intent.nearMe || undefined,
          radiusKm: intent.radiusKm,
          limit: 6,
        }),
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
