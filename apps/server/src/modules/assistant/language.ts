import { franc } from 'franc-min';
import { lexicon } from '../../lib/lexicon/index.js';
import { normalize } from './text.js';

export type Language = 'en' | 'pt';

/**
 * Words that only one of the two languages uses (`lib/lexicon/words/languages.json`). Short
 * messages ("e em Braga?", "obrigado", "thanks") are judged by these.
 */
function wordScore(words: string[]): { en: number; pt: number } {
  const { languages } = lexicon();
  let en = 0;
  let pt = 0;
  for (const word of words) {
    if (languages.en.has(word)) en += 1;
    if (languages.pt.has(word)) pt += 1;
  }
  return { en, pt };
}

/**
 * The language of one message, or undefined when it cannot tell (a place name alone, "???").
 * `ignore` are phrases to leave out first, such as the place names read from the message, so
 * "barber near Marquês de Pombal" is not taken for Portuguese.
 */
export function detectLanguage(text: string, ignore: string[] = []): Language | undefined {
  let plain = normalize(text).replaceAll('’', "'");
  for (const phrase of ignore) {
    if (phrase) plain = plain.replaceAll(normalize(phrase), ' ');
  }
  const words = plain.match(/[\p{L}']+/gu) ?? [];
  const { en, pt } = wordScore(words);
  const letters = plain.replaceAll(/[^\p{L}]/gu, '').length;
  // Trigrams need some text; below that, and when the words clearly lean one way, words decide.
  if (letters >= 30 && Math.abs(en - pt) < 3) {
    const code = franc(text, { only: ['eng', 'por'], minLength: 10 });
    if (code === 'eng') return 'en';
    if (code === 'por') return 'pt';
  }
  if (en > pt) return 'en';
  if (pt > en) return 'pt';
  // Letters only Portuguese writes, when words could not tell ("maquilhagem já").
  if (/[ãõç]/.test(text)) return 'pt';
  return undefined;
}
