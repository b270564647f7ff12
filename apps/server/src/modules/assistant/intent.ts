import type { Sector } from '@maya/contracts';
import { detectLanguage, type Language } from './language.js';
import { editDistance, normalize, typoBudget } from './text.js';
import {
  BUDGET_WORDS,
  FILLER,
  SECTOR_NAMES,
  SINGLE_WORD_FORMS,
  TRADE_FORMS,
  type TradeHit,
} from './vocabulary.js';

export { normalize } from './text.js';

export type SmallTalk = 'greeting' | 'wellbeing' | 'thanks' | 'bye' | 'capabilities' | 'laugh';

/** A place named in a message, before anyone knows where it is. */
export interface PlaceMention {
  text: string;
  /** "in Faro" names where to search; "near the cathedral" may be a landmark; "bare" has no word before it. */
  how: 'in' | 'near' | 'bare';
  /** Its words as typed, so they can leave the search words once it turns out to be a place. */
  words: string[];
}

/** What one message says, read without knowing the places yet. */
export interface MessageReading {
  language?: Language;
  smallTalk: SmallTalk[];
  /** Only punctuation, or words of no language ("asdfghjkl"). */
  nonsense: boolean;
  trades: TradeHit[];
  sector?: Sector;
  /** The message names a sector itself ("beauty"), not a trade in it. */
  sectorNamed: boolean;
  /** The words to search for, as typed: the trade's and any others that carry meaning. */
  words: string[];
  /** Words that are not a trade's: "balayage", "students". */
  otherWords: string[];
  /** Places named, in order; where they are is found out later. */
  places: PlaceMention[];
  nearMe: boolean;
  /** "there", "lá": the place of the conversation so far. */
  there: boolean;
  radiusKm?: number;
  budget?: 'low' | 'high';
  closer: boolean;
  /** What "closest to …" is measured from, when it is not a place: "the beach", "centre". */
  landmark?: string;
  /** "the second one": a card of the previous answer, 1-based; -1 for "the last". */
  pick?: number;
  /** "tell me more about X": X as typed. */
  about?: string;
  /** "tell me more", about a card named otherwise (a pick, "him"). */
  more: boolean;
}

interface Token {
  raw: string;
  plain: string;
  used: boolean;
  /** Punctuation stands between this token and the one before. */
  broken: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.normalize('NFC').matchAll(WORD)) {
    const between = text.slice(last, match.index);
    tokens.push({
      raw: match[0],
      plain: normalize(match[0]).replaceAll('’', "'"),
      used: false,
      broken: /[^\s]/.test(between),
    });
    last = match.index + match[0].length;
  }
  return tokens;
}

/**
 * The free tokens as one string ("|" where punctuation or a used token breaks them), with each
 * token's offset, so a regular expression's match maps back to tokens.
 */
function joined(tokens: Token[]): { text: string; starts: number[] } {
  let text = '';
  const starts: number[] = [];
  tokens.forEach((token, index) => {
    if (index > 0) text += token.broken ? ' | ' : ' ';
    starts.push(text.length);
    text += token.used ? '|' : token.plain;
  });
  return { text: ` ${text} `, starts: starts.map((start) => start + 1) };
}

/** Marks and returns the tokens a match covers (those starting inside [from, to)). */
function take(tokens: Token[], starts: number[], from: number, to: number): Token[] {
  const taken = tokens.filter((_, index) => starts[index]! >= from && starts[index]! < to);
  for (const token of taken) token.used = true;
  return taken;
}

/** Finds `pattern` in the free tokens; marks the whole match used and returns its groups. */
function consume(tokens: Token[], pattern: RegExp): RegExpExecArray | undefined {
  const { text, starts } = joined(tokens);
  const match = pattern.exec(text);
  if (!match) return undefined;
  take(tokens, starts, match.index, match.index + match[0].length);
  return match;
}

/** The raw words (as typed) of a group of a match, found again in the tokens by position. */
function rawOf(tokens: Token[], plain: string | undefined): string | undefined {
  if (!plain) return undefined;
  const words = plain.trim().split(/\s+/);
  for (let index = 0; index + words.length <= tokens.length; index += 1) {
    if (words.every((word, offset) => tokens[index + offset]!.plain === word)) {
      return tokens
        .slice(index, index + words.length)
        .map((token) => token.raw)
        .join(' ');
    }
  }
  return plain;
}

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrasePattern = (phrases: readonly string[]) =>
  new RegExp(
    `(?<= )(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?= )`,
  );

const NEAR_ME =
  /(?<= )(?:near me|nearby|close to me|around me|close by|in my area|near my (?:place|home|house)|perto de mim|pertinho de mim|na minha zona|na minha area|na minha regiao|aqui perto|perto daqui|proximo de mim|proxima de mim|perto de casa|ao pe de mim)(?= )/;

const SMALL_TALK: [SmallTalk, RegExp][] = [
  [
    'capabilities',
    /(?<= )(?:what (?:can|do|could) (?:you|maya) do|what are you|who are you|what is this|how (?:does this|does it|do you|does maya) work|what do you know|o que (?:e que )?(?:tu |voce |vc )?(?:consegues|podes|sabes|pode|consegue|sabe|fazes|faz)(?: fazer)?|o que e que fazes|quem (?:es|e voce|e tu|e a maya)|como (?:e que )?funciona(?:s)?|para que serve(?:s)?)(?= )/,
  ],
  [
    'wellbeing',
    /(?<= )(?:how are you(?: doing)?|how's it going|hows it going|how are things|tudo bem|tudo bom|tudo certo|como estas|como esta|como vai|como vais|td bem)(?= )/,
  ],
  [
    'thanks',
    /(?<= )(?:thank you(?: (?:so|very) much)?|thanks(?: a lot| so much)?|thx|ty|cheers|many thanks|much appreciated|that helps|helped a lot|(?:muito )?obrigad[oa](?: pela ajuda)?|obrigadao|obg|brigad[oa]|valeu|agradeco|ajudaste muito|ajudou muito|foi muito util)(?= )/,
  ],
  [
    'bye',
    /(?<= )(?:bye(?: bye)?|goodbye|see you|see ya|ciao|tchau|adeus|ate logo|ate mais|ate breve|ate a proxima)(?= )/,
  ],
  [
    'greeting',
    /(?<= )(?:hi+|hello+|hey+|hiya|howdy|yo|good (?:morning|afternoon|evening|day)|ola|oi+|oie|bom dia|boa tarde|boa noite|e ai|eai|salve)(?= )/,
  ],
  ['laugh', /(?<= )(?:lol|lmao|haha+|hehe+|ha ha|kk+|rs+|rsrs+)(?= )/],
];

/** Ordinals that point at a card of the previous answer; "the second one", "a segunda". */
const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
  last: -1,
  primeiro: 1,
  primeira: 1,
  segundo: 2,
  segunda: 2,
  terceiro: 3,
  terceira: 3,
  quarto: 4,
  quarta: 4,
  quinto: 5,
  quinta: 5,
  sexto: 6,
  sexta: 6,
  ultimo: -1,
  ultima: -1,
};
const AMBIGUOUS_ORDINALS = new Set(['segunda', 'quarto', 'quarta', 'quinta', 'sexta']);
const PICK = new RegExp(
  `(?<= )(?:(?:the|that) (${Object.keys(ORDINALS)
    .filter((word) => /^[a-z0-9]+$/.test(word) && !/[ao]$/.test(word))
    .join('|')})(?: one)?|(?:o|a|do|da|ao|pelo|pela) (${Object.keys(ORDINALS)
    .filter((word) => /[ao]$/.test(word))
    .join('|')})|(?:number|nr|numero) ([1-6]))(?= )`,
);

/** "tell me more about X", "fala-me mais do X": X is what follows. */
const MORE_ABOUT =
  /(?<= )(?:(?:can you |could you |please )?tell me (?:a bit |a little )?(?:more )?about|more (?:info |information |details )?(?:about|on)|(?:info|information|details) (?:about|on)|what do you know about|(?:me )?(?:fala|fale|conta|conte|diz|diga|fala-me|fale-me|conta-me|conte-me|diz-me|diga-me)(?: me)?(?: um pouco)?(?: mais)? (?:sobre|acerca d[eoa]s?|d[oa]s?|de)|(?:mais )?(?:informacoes|informacao|detalhes|info) (?:sobre|d[oa]s?|de)|quero saber mais (?:sobre|d[oa]s?|de))(?: ([^|]+?))?(?= \||\s*$)/;
const MORE_ALONE =
  /(?<= )(?:tell me more|more (?:info|details|information)|fala-me mais|fale-me mais|conta-me mais|me (?:fala|conta|diz) mais|(?:fala|conta|diz|fale|conte|diga) mais|mais (?:informacoes|detalhes))(?= )/;
const PRONOUNS = new Set(
  'it them him her that this that one this one those these one dele dela deles delas disso desse dessa deste desta isso esse essa este esta ele ela'.split(
    ' ',
  ),
);

/** "closest to the beach", "o mais perto da casa da música". */
const CLOSER =
  /(?<= )(?:(?:which|what|who)(?: one)? (?:is|are|s) )?(?:the )?(?:closest|nearest|closer|nearer)(?: one| ones)?(?: (?:to|from) (?:the )?([^|]+?))?(?= \||\s*$| and | e )|(?<= )(?:(?:qual|quais) (?:e |sao |deles |delas )?)?(?:o |a |os |as )?mais (?:perto|proxim[oa]s?|pertinho)(?: (?:d[oa]s?|de) ([^|]+?))?(?= \||\s*$| e )/;

/**
 * Words before a place: "in Porto", "em Lisboa", "no Porto", "near the Sé", "perto do Marquês".
 * "no"/"na" also start other phrases ("na verdade"), so what follows them must turn out to be a
 * place; "in"/"em" say it is one even when nobody knows where ("em Manaus").
 */
const PLACE_WORDS = [
  ['in', 'in'],
  ['at', 'in'],
  ['em', 'in'],
  ['from', 'in'],
  ['no', 'maybe'],
  ['na', 'maybe'],
  ['nos', 'maybe'],
  ['nas', 'maybe'],
  ['near', 'near'],
  ['around', 'near'],
  ['close to', 'near'],
  ['next to', 'near'],
  ['by the', 'near'],
  ['perto de', 'near'],
  ['perto do', 'near'],
  ['perto da', 'near'],
  ['perto dos', 'near'],
  ['perto das', 'near'],
  ['pertinho de', 'near'],
  ['pertinho do', 'near'],
  ['pertinho da', 'near'],
  ['proximo de', 'near'],
  ['proximo do', 'near'],
  ['proximo da', 'near'],
  ['proximo ao', 'near'],
  ['proximo a', 'near'],
  ['junto ao', 'near'],
  ['junto a', 'near'],
  ['junto da', 'near'],
  ['junto do', 'near'],
  ['ao pe do', 'near'],
  ['ao pe da', 'near'],
  ['ao pe de', 'near'],
  ['zona de', 'near'],
  ['zona do', 'near'],
  ['zona da', 'near'],
  ['area of', 'near'],
] as const;

/** Words that say where the asker is: what follows is a place even if it is also a word. */
const STRONG_PLACE_WORDS = [
  'i live in',
  "i'm in",
  'im in',
  'i am in',
  "we're in",
  'we are in',
  'based in',
  "i'm from",
  'i am from',
  'estou em',
  'estou no',
  'estou na',
  'estamos em',
  'estamos no',
  'estamos na',
  'moro em',
  'moro no',
  'moro na',
  'vivo em',
  'vivo no',
  'vivo na',
  'sou de',
  'sou do',
  'sou da',
  'fico em',
  'fico no',
  'fico na',
].map((words) => [words, 'in'] as const);

/** Words inside a place name that are not its end: "Rio de Janeiro", "Casa da Música". */
const PLACE_JOINERS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'del',
  'la',
  'el',
  'y',
  'e',
  'of',
  'the',
  'on',
  'upon',
  'sur',
  'sao',
  'santa',
  'santo',
]);
/** Words that follow "na"/"no" and are no place. */
const NOT_PLACES = new Set(
  'verdade hora altura minha sua tua nossa boa semana vez mesma mesmo fim inicio internet net web rua cidade zona area casa boa verdade realidade proxima proximo'.split(
    ' ',
  ),
);

const POSSESSIVES = new Set([
  'my',
  'our',
  'meu',
  'minha',
  'meus',
  'minhas',
  'nosso',
  'nossa',
  'nossos',
  'nossas',
]);

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** A word of no language: one keyboard row, no vowel, or five consonants in a row. */
export function looksLikeGibberish(word: string): boolean {
  if (/\d/.test(word) || word.length < 4) return false;
  if (KEYBOARD_ROWS.some((row) => [...word].every((letter) => row.includes(letter)))) return true;
  if (!/[aeiouy]/.test(word)) return true;
  return /[^aeiouy\W\d]{5}/.test(word);
}

const budgetPatterns = {
  low: phrasePattern(BUDGET_WORDS.low.ask.map(normalize)),
  high: phrasePattern(BUDGET_WORDS.high.ask.map(normalize)),
};
const sectorNamePatterns = Object.entries(SECTOR_NAMES).map(
  ([sector, names]) => [sector as Sector, phrasePattern(names.map(normalize))] as const,
);

/** Reads a place after a place word: up to four words, stopping at filler and trade words. */
function placeAfter(tokens: Token[], index: number): { from: number; to: number } | undefined {
  let end = index;
  const words: Token[] = [];
  for (let at = index; at < tokens.length && words.length < 5; at += 1) {
    const token = tokens[at]!;
    if (token.used || (at > index && token.broken)) break;
    const joiner = PLACE_JOINERS.has(token.plain);
    if (!joiner && (FILLER.has(token.plain) || /^\d+$/.test(token.plain))) break;
    words.push(token);
    if (!joiner) end = at + 1;
  }
  // "the Algarve", "o Porto": an article may start it; the place itself may not end on a joiner.
  const first = tokens[index];
  if (!first || end <= index) return undefined;
  if (
    PLACE_JOINERS.has(first.plain) &&
    first.plain !== 'the' &&
    !['sao', 'santa', 'santo'].includes(first.plain)
  )
    return undefined;
  return { from: index, to: end };
}

/** Reads the places after place words ("in Porto", "perto do Marquês") into the reading. */
function readPlaces(
  tokens: Token[],
  reading: MessageReading,
  placeWords: readonly (readonly [string, 'in' | 'near' | 'maybe'])[],
) {
  for (let index = 0; index < tokens.length; index += 1) {
    for (const [words, how] of placeWords) {
      const parts = words.split(' ');
      const fits = parts.every(
        (part, offset) =>
          tokens[index + offset] &&
          !tokens[index + offset]!.used &&
          tokens[index + offset]!.plain === part &&
          (offset === 0 || !tokens[index + offset]!.broken),
      );
      if (!fits) continue;
      const span = placeAfter(tokens, index + parts.length);
      if (!span) continue;
      const place = tokens.slice(span.from, span.to);
      if (tokens[span.from]!.broken) continue;
      const placeText = place
        .map((token) => token.raw)
        .join(' ')
        .replace(/^(?:the|o|a) /i, '');
      const plain = normalize(placeText);
      if (how === 'maybe' && NOT_PLACES.has(plain.split(' ')[0]!)) continue;
      if (how === 'in' && /^(?:my|a|an|our|your|um|uma|meu|minha)$/.test(place[0]!.plain)) continue;
      for (let at = index; at < span.to; at += 1) tokens[at]!.used = true;
      reading.places.push({
        text: placeText,
        how: how === 'maybe' ? 'in' : how,
        words: place.map((token) => token.raw),
      });
      break;
    }
  }
}

/** Reads one message. Places are only mentioned here; the conversation finds out where they are. */
export function readMessage(text: string): MessageReading {
  const tokens = tokenize(text);
  const reading: MessageReading = {
    smallTalk: [],
    nonsense: false,
    trades: [],
    sectorNamed: false,
    words: [],
    otherWords: [],
    places: [],
    nearMe: false,
    there: false,
    closer: false,
    more: false,
  };
  if (tokens.length === 0) {
    reading.nonsense = true;
    return reading;
  }

  if (consume(tokens, NEAR_ME)) reading.nearMe = true;

  // "tell me about X": the words before X are used up; X stays to be read (it may hold a place).
  let subject: Token[] = [];
  const { text: before, starts: beforeStarts } = joined(tokens);
  const about = MORE_ABOUT.exec(before);
  if (about) {
    reading.more = true;
    const said = about[1]?.trim();
    const subjectAt = said
      ? about.index + about[0].length - about[1]!.length
      : about.index + about[0].length;
    take(tokens, beforeStarts, about.index, subjectAt);
    subject = tokens.filter(
      (token, index) =>
        !token.used &&
        beforeStarts[index]! >= subjectAt &&
        beforeStarts[index]! < about.index + about[0].length,
    );
    if (said && PRONOUNS.has(said)) {
      for (const token of subject) token.used = true;
      subject = [];
    } else if (said) {
      const ordinal = ORDINALS[said.replace(/ one$/, '').replace(/^(?:the|that|o|a) /, '')];
      if (ordinal) {
        reading.pick = ordinal;
        for (const token of subject) token.used = true;
        subject = [];
      }
    }
  } else if (consume(tokens, MORE_ALONE)) {
    reading.more = true;
  }

  const closer = consume(tokens, CLOSER);
  if (closer) {
    reading.closer = true;
    const landmark = (closer[1] ?? closer[2])?.trim().replace(/^the /, '');
    if (landmark) reading.landmark = rawOf(tokens, landmark);
  }

  for (const level of ['low', 'high'] as const) {
    if (consume(tokens, budgetPatterns[level])) reading.budget ??= level;
  }
  // "under 200 euros", "até 100 reais": a price cap asks for the affordable ones.
  if (
    consume(
      tokens,
      /(?<= )(?:under|below|less than|up to|max|maximum|no more than|menos de|abaixo de|ate|no maximo|maximo) (?:\d+ ?(?:euros?|eur|reais|real|pounds?|gbp|dollars?|usd|e)?|(?:euros?|eur|reais|r) ?\d+)(?= )/,
    )
  ) {
    reading.budget ??= 'low';
  }
  // "mais barato" and "not too expensive" said above; "expensive" alone is not a budget.

  if (reading.pick === undefined) {
    // "a segunda" is also Monday and "a quinta" a farm: those count only in a short message or
    // beside "tell me more".
    const { text: free } = joined(tokens);
    const pick = PICK.exec(free);
    const word = pick?.[1] ?? pick?.[2];
    if (pick && (!word || !AMBIGUOUS_ORDINALS.has(word) || reading.more || tokens.length <= 4)) {
      consume(tokens, PICK);
      reading.pick = word ? ORDINALS[word] : Number(pick[3]);
    }
  }

  for (const [kind, pattern] of SMALL_TALK) {
    while (consume(tokens, pattern)) {
      if (!reading.smallTalk.includes(kind)) reading.smallTalk.push(kind);
    }
  }
  // "beleza" greets only beside other small talk ("e aí, beleza?"); otherwise it is beauty.
  const free = tokens.filter((token) => !token.used);
  if (reading.smallTalk.length > 0 && free.length === 1 && free[0]!.plain === 'beleza') {
    free[0]!.used = true;
    reading.smallTalk.push('wellbeing');
  }

  const radius = consume(
    tokens,
    /(?<= )(\d{1,3}) ?(?:km|kms|quilometros|kilometers|kilometres)(?= )/,
  );
  if (radius) reading.radiusKm = Math.min(500, Math.max(1, Number(radius[1])));

  if (
    consume(
      tokens,
      /(?<= )(?:there|over there|la|ali|ai|nessa cidade|nesse sitio|nesse lugar|in that city|in the same (?:city|place|area)|na mesma (?:cidade|zona))(?= )/,
    )
  )
    reading.there = true;

  // "I live in Parede", "estou na Parede": a place for sure, before its words are read as a trade.
  readPlaces(tokens, reading, STRONG_PLACE_WORDS);

  // Trades (longest phrase first), then sectors named as such ("beauty in Porto").
  const tradeWords: string[] = [];
  const whole = ` ${tokens.map((token) => token.plain).join(' ')} `;
  for (const form of TRADE_FORMS) {
    if (!whole.includes(` ${form.phrase} `)) continue;
    const { text: free, starts } = joined(tokens);
    const match = form.pattern.exec(free);
    if (!match) continue;
    const taken = take(tokens, starts, match.index, match.index + match[0].length);
    const at = tokens.indexOf(taken[0]!);
    // "my hotel", "o meu restaurante": the asker's own business, not what they look for.
    const before = tokens.slice(Math.max(0, at - 3), at).map((token) => token.plain);
    if (form.named && before.some((word) => POSSESSIVES.has(word))) continue;
    const typed = taken.map((token) => token.raw).join(' ');
    reading.trades.push({
      trade: form.trade,
      phrase: form.phrase,
      text: typed,
      named: form.named,
      language: form.language,
      at,
    });
    tradeWords.push(typed);
  }

  for (const [sector, pattern] of sectorNamePatterns) {
    if (consume(tokens, pattern)) {
      reading.sector ??= sector;
      reading.sectorNamed = true;
    }
  }

  // Places after a place word; the last "in" place wins over earlier ones, "near" ones may be landmarks.
  readPlaces(tokens, reading, PLACE_WORDS);

  // Misspelled trades among the words left ("electricain", "canalisador").
  for (const token of tokens) {
    if (token.used || token.plain.length < 5 || FILLER.has(token.plain)) continue;
    let best: { form: (typeof SINGLE_WORD_FORMS)[number]; distance: number } | undefined;
    for (const form of SINGLE_WORD_FORMS) {
      const distance = editDistance(token.plain, form.phrase, typoBudget(form.phrase));
      if (
        distance <= typoBudget(form.phrase) &&
        distance <= typoBudget(token.plain) &&
        (!best || distance < best.distance)
      )
        best = { form, distance };
    }
    if (!best) continue;
    token.used = true;
    reading.trades.push({
      trade: best.form.trade,
      phrase: best.form.phrase,
      text: best.form.text,
      named: best.form.named,
      language: best.form.language,
      at: tokens.indexOf(token),
    });
    tradeWords.push(best.form.text);
  }

  // What is left: words with meaning of their own, and at the end maybe a place with no word before it.
  const isFree = (token: Token | undefined) =>
    Boolean(token && !token.used && !FILLER.has(token.plain) && !/^\d+$/.test(token.plain));
  const runs: Token[][] = [];
  let run: Token[] = [];
  tokens.forEach((token, index) => {
    // "rio de janeiro": a joiner between free words stays in the run.
    const joiner =
      run.length > 0 && !token.used && PLACE_JOINERS.has(token.plain) && isFree(tokens[index + 1]);
    if (!isFree(token) && !joiner) {
      if (run.length) runs.push(run);
      run = [];
      return;
    }
    if (token.broken && run.length) {
      runs.push(run);
      run = [];
    }
    run.push(token);
  });
  if (run.length) runs.push(run);
  const last = runs.at(-1);
  if (last && last.length <= 4 && reading.places.every((place) => place.how !== 'in'))
    reading.places.push({
      text: last.map((token) => token.raw).join(' '),
      how: 'bare',
      words: last.map((token) => token.raw),
    });
  reading.otherWords = tokens.filter((token) => isFree(token)).map((token) => token.raw);
  reading.words = [...tradeWords, ...reading.otherWords];
  if (subject.length > 0) {
    const placeWords = new Set(
      reading.places.filter((place) => place.how !== 'bare').flatMap((place) => place.words),
    );
    reading.about = subject
      .filter((token) => !placeWords.has(token.raw) && !/^(?:in|em|no|na|at)$/.test(token.plain))
      .map((token) => token.raw)
      .join(' ');
  }

  // The trade to name: a named one first, then the one said first.
  reading.trades.sort((a, b) => Number(b.named) - Number(a.named) || a.at - b.at);
  // The sector: the trades' (named ones count more, the first said breaks ties), unless the
  // message named one.
  if (!reading.sector) {
    const votes = new Map<Sector, number>();
    for (const hit of reading.trades) {
      if (hit.trade.sector)
        votes.set(hit.trade.sector, (votes.get(hit.trade.sector) ?? 0) + (hit.named ? 2 : 1));
    }
    const [best] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
    if (best) reading.sector = best[0];
  }

  if (
    reading.trades.length === 0 &&
    !reading.sector &&
    reading.places.every((place) => place.how === 'bare') &&
    reading.otherWords.length > 0 &&
    reading.otherWords.every((word) => looksLikeGibberish(normalize(word)))
  ) {
    reading.nonsense = true;
  }

  const placeTexts = reading.places.map((place) => place.text);
  reading.language =
    detectLanguage(text, [...placeTexts, ...(reading.about ? [reading.about] : [])]) ??
    tradeLanguage(reading.trades);
  return reading;
}

function tradeLanguage(trades: TradeHit[]): Language | undefined {
  const en = trades.filter((hit) => hit.language === 'en').length;
  const pt = trades.filter((hit) => hit.language === 'pt').length;
  return en > pt ? 'en' : pt > en ? 'pt' : undefined;
}
