import type { LanguageModel } from 'ai';
import type { Config } from '../../config.js';

// Apart from the assistant's service, so Maya's phrasing (modules/negotiation/phrasing.ts) learns
// that no provider is configured without loading the AI SDK.

/** The configured provider's model, or null for the built-in one (no network). */
export async function createHostedModel(
  config: Pick<Config, 'AI_PROVIDER' | 'AI_API_KEY' | 'AI_BASE_URL' | 'AI_MODEL'>,
): Promise<LanguageModel | null> {
  const model = config.AI_MODEL;
  switch (config.AI_PROVIDER) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: config.AI_API_KEY }).chat(model ?? 'gpt-4-turbo');
    }
    case 'openai-compatible': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({
        apiKey: config.AI_API_KEY ?? 'none',
        baseURL: config.AI_BASE_URL,
      }).chat(model ?? 'gpt-4-turbo');
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: config.AI_API_KEY }).messages(model ?? 'claude-sonnet-4-5');
    }
    default:
      return null;
  }
}
