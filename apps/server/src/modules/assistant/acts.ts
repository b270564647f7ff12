import { z } from 'zod';
import data from '../../lib/lexicon/words/acts.json' with { type: 'json' };
import type { Language } from './language.js';
import { normalize } from './text.js';

/**
 * What a message asks of Maya besides a search: a price, a booking, a negotiation, a person, help
 * for a business, something off-topic, or more of the same results. The cue phrases are data
 * (`data/acts.json`), checked when the module loads.
 */
export const acts = [
  'person',
  'booking',
  'negotiate',
  'price',
  'findClients',
  'competitors',
  'offTopic',
  'more',
] as const;
export type Act = (typeof acts)[number];

const cuePhrase = z
  .string()
  .min(2)
  .refine(
    (phrase) => phrase === normalize(phrase).trim(),
    'written folded: lower case, no accents',
  );

const actsSchema = z.object({
  acts: z.array(
    z.strictObject({ act: z.enum(acts), en: z.array(cuePhrase), pt: z.array(cuePhrase) }),
  ),
});

/** The acts in the order they are tried, each with its phrases per language, longest first. */
const CUES = actsSchema.parse(data).acts.map(({ act, en, pt }) => ({
  act,
  phrases: (['en', 'pt'] as const).flatMap((language) =>
    (language === 'en' ? en : pt).map((phrase) => ({ phrase: ` ${phrase} `, language })),
  ),
}));

/** The message's words folded, one space apart, with a space at each end. */
function plainWords(text: string): string {
  const words = normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return ` ${words.join(' ')} `;
}

/**
 * The act a message names, and the language of the phrase that named it ("quanto custa?" is
 * Portuguese even when too short to tell otherwise), or undefined for none.
 */
export function readAct(text: string): { act: Act; language: Language } | undefined {
  const plain = plainWords(text);
  for (const { act, phrases } of CUES) {
    const hit = phrases.find(({ phrase }) => plain.includes(phrase));
    if (hit) return { act, language: hit.language };
  }
  return undefined;
}
