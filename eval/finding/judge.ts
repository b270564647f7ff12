import { franc } from 'franc-min';
import type { Language } from './types.js';

/**
 * Function words that only one of the two languages uses, for replies too short for trigrams
 * ("De nada!", "You're welcome!"). Words both share ("a", "no", "do", "me") are left out.
 */
const englishWords = new Set(
  "the you your yours i i'm i'll it it's is are was be can could would will what which who how hi hello hey thanks thank welcome and or of to for with in on at this that these there here here's found find couldn't can't don't nobody anyone someone sellers seller near sorry help glad bye good morning evening afternoon night please".split(
    ' ',
  ),
);
const portugueseWords = new Set(
  'o os um uma uns umas é são está estão foi ser posso pode podem você vocês tu te ti si seu sua teu tua que qual quem como olá oi obrigado obrigada obrigadão valeu de da das dos e ou para pra com em na nas nos não sim encontrei encontrar ninguém nenhum nenhuma vendedores vendedor perto ajuda ajudar bom boa dia tarde noite desculpe por favor aqui há tem'.split(
    ' ',
  ),
);

/** The language of Maya's own words: 'en', 'pt' or undefined when it cannot tell. */
export function detectLanguage(text: string): 'en' | 'pt' | undefined {
  const letters = text.replaceAll(/[^\p{L}]/gu, '');
  if (letters.length >= 40) {
    const code = franc(text, { only: ['eng', 'por'], minLength: 1 });
    if (code === 'eng') return 'en';
    if (code === 'por') return 'pt';
  }
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const en = words.filter((word) => englishWords.has(word)).length;
  const pt = words.filter((word) => portugueseWords.has(word)).length;
  if (en > pt) return 'en';
  if (pt > en) return 'pt';
  return undefined;
}

const folded = (word: string) => word.normalize('NFD').replaceAll(/\p{M}/gu, '').toLowerCase();

/**
 * Card names, profile links and capitalised words the asker typed (place names such as "Parque
 * das Nações" echoed back) removed: the language of names is not Maya's.
 */
export function ownWords(text: string, names: string[], askerWords: string[] = []): string {
  let own = text.replaceAll(/\S*\/sellers\/\S*/g, ' ');
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    own = own.split(name).join(' ');
  }
  const asked = new Set(askerWords.flatMap((turn) => turn.match(/\p{L}+/gu) ?? []).map(folded));
  // A run of capitalised words (with the small words between them) that the asker typed too.
  return own.replaceAll(
    /\p{Lu}\p{L}*(?:\s+(?:(?:da|das|de|do|dos|e)\s+)?\p{Lu}\p{L}*)*/gu,
    (run) => {
      const words = run.match(/\p{L}+/gu) ?? [];
      return words.every((word) => asked.has(folded(word))) ? ' ' : run;
    },
  );
}

export function languageFamily(lang: Language): 'en' | 'pt' {
  return lang === 'en' ? 'en' : 'pt';
}

/**
 * Maya says plainly that nobody fits. Strict on purpose: an answer has to say it in words, in
 * either language; "I found 6 sellers that could help" does not. Whole words only, judged by
 * letters since \b knows no accented ones.
 */
const NONE_FOUND = [
  "(couldn['’]?t|could not|can['’]?t|cannot|didn['’]?t|did not|was unable to|wasn['’]?t able to) find",
  'no (sellers?|one|businesses|business|results?|matches|match|providers?|professionals?)',
  '(nobody|no-one|none of)',
  'there (are|is) no',
  'não (encontrei|encontramos|consegui encontrar|há|temos|existe|existem|conheço)',
  '(nenhum|nenhuma|ninguém)',
  'sem resultados',
].map((words) => new RegExp(`(?<!\\p{L})${words}(?!\\p{L})`, 'iu'));

export function saysNoneFound(text: string): boolean {
  return NONE_FOUND.some((pattern) => pattern.test(text));
}

/** Links in Maya's text to profiles: `/sellers/<id>`. */
export function linkedSellerIds(text: string): string[] {
  return [...text.matchAll(/\/sellers\/([0-9a-f-]{36})/gi)].map((match) => match[1]!.toLowerCase());
}

/**
 * Words of a card's reason that only one language uses, beside the function words above: a
 * reason is a short phrase ("matches “x” in the name, 1.2 km from the centre of Porto").
 */
const englishReasonWords = new Set(
  'matches mentions only name description location sector centre center from away another alternative listed directory describes itself affordable'.split(
    ' ',
  ),
);
const portugueseReasonWords = new Set(
  'corresponde menciona só nome descrição localização setor centro outro outra alternativa está diretório descreve-se acessível sua'.split(
    ' ',
  ),
);

/**
 * The languages a card's reason is written in: its words (quoted profile words, seller names and
 * capitalised place names removed) that only English or only Portuguese uses. A reason in the
 * asker's language has words of it and none of the other.
 */
export function reasonLanguages(why: string): { en: number; pt: number } {
  // Quoted profile words, then names: runs of capitalised words with the small words between
  // them ("Marquês de Pombal", "Vila Nova de Gaia").
  const own = why
    .replaceAll(/“[^”]*”|"[^"]*"|'[^']*'/g, ' ')
    .replaceAll(/\p{Lu}[\p{L}-]*(?:\s+(?:(?:da|das|de|do|dos|e)\s+)?\p{Lu}[\p{L}-]*)*/gu, ' ')
    .toLowerCase();
  const words = own.match(/[\p{L}'-]+/gu) ?? [];
  return {
    en: words.filter((word) => englishWords.has(word) || englishReasonWords.has(word)).length,
    pt: words.filter((word) => portugueseWords.has(word) || portugueseReasonWords.has(word)).length,
  };
}

/** The words a card's reason quotes (“…”): each must be one of the seller's own words. */
export function quotedWords(why: string): string[] {
  return [...why.matchAll(/“([^”]*)”/g)].flatMap(([, quoted]) =>
    (quoted ?? '').split(/,\s*|\s+/).filter(Boolean),
  );
}

/** Whether a word is one of a text's words, accents and case aside. */
export function hasWord(text: string, word: string): boolean {
  const words = new Set(folded(text).match(/[\p{L}\p{N}]+/gu) ?? []);
  return (folded(word).match(/[\p{L}\p{N}]+/gu) ?? []).every((part) => words.has(part));
}
