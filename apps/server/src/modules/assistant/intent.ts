import type { Sector } from '@maya/contracts';
import { detectLanguage, type Language } from './language.js';
import { derived, phraseRegex, phrasesPattern } from '../../lib/lexicon/index.js';
import { readBudget, type PriceCap } from '../../lib/lexicon/budget.js';
import { editDistance, normalize, typoBudget } from './text.js';
import {
  FILLER,
  SECTOR_NAMES,
  SINGLE_WORD_FORMS,
  TRADE_FORMS,
  type Form,
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
  /** "anywhere is fine", "tanto faz onde": businesses at any distance will do. */
  anywhere: boolean;
  /** "there", "lá": the place of the conversation so far. */
  there: boolean;
  radiusKm?: number;
  budget?: 'low' | 'high';
  /** An amount the asker would pay at most ("até 50 reais", "€200"), read by `budget.ts`. */
  price?: PriceCap;
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

/** The patterns and word sets of a request, built from the lexicon's cue and place files. */
const readingWords = derived((lexicon) => {
  const { cues, places, budget } = lexicon;
  const set = (list: readonly string[]) => new Set(list.map(normalize));
  const alternatives = (list: readonly string[]) =>
    [...list]
      .map(normalize)
      .sort((a, b) => b.length - a.length)
      .map((word) => word.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|');
  const ordinals = Object.fromEntries(
    Object.entries(cues.ordinals).map(([word, index]) => [normalize(word), index]),
  );
  const end = (until: readonly string[]) =>
    ['\\|', '\\s*$', ...until.map((word) => ` ${alternatives([word.trim()])} `)].join('|');
  return {
    nearMe: phrasesPattern(cues.nearMe),
    anywhere: phrasesPattern(cues.anywhere),
    there: phrasesPattern(cues.there),
    smallTalk: cues.smallTalk.map(({ kind, phrases }) => [kind, phrasesPattern(phrases)] as const),
    greetingAlone: set(cues.greetingAlone),
    moreAbout: new RegExp(
      `(?<= )(?:${cues.moreAbout.map(phraseRegex).join('|')})(?: ([^|]+?))?(?= \\||\\s*$)`,
    ),
    moreAlone: phrasesPattern(cues.moreAlone),
    pronouns: set(cues.pronouns),
    closer: new RegExp(
      cues.closer
        .map(({ phrase, until }) => `(?<= )(?:${phraseRegex(phrase)})(?=${end(until)})`)
        .join('|'),
    ),
    ordinals,
    ambiguousOrdinals: set(cues.ambiguousOrdinals),
    // "the second one", "a segunda", "number 2": English ordinals after "the", Portuguese
    // (ending in -o/-a) after an article.
    pick: new RegExp(
      `(?<= )(?:(?:the|that) (${Object.keys(ordinals)
        .filter((word) => /^[a-z0-9]+$/.test(word) && !/[ao]$/.test(word))
        .join('|')})(?: one)?|(?:o|a|do|da|ao|pelo|pela) (${Object.keys(ordinals)
        .filter((word) => /[ao]$/.test(word))
        .join('|')})|(?:number|nr|numero) ([1-6]))(?= )`,
    ),
    possessives: set(cues.possessives),
    radius: new RegExp(`(?<= )(\\d{1,3}) ?(?:${alternatives(cues.radiusUnits)})(?= )`),
    priceCap: new RegExp(
      `(?<= )(?:${alternatives(budget.priceCap.words)}) (?:\\d+ ?(?:${alternatives(
        budget.priceCap.currenciesAfter,
      )})?|(?:${alternatives(budget.priceCap.currenciesBefore)}) ?\\d+)(?= )`,
    ),
    budget: {
      low: phrasesPattern(budget.low.ask.map(normalize)),
      high: phrasesPattern(budget.high.ask.map(normalize)),
    },
    sectorNames: Object.entries(SECTOR_NAMES)
      .filter(([, names]) => names.length > 0)
      .map(([sector, names]) => [sector as Sector, phrasesPattern(names.map(normalize))] as const),
    placeWords: places.placeWords.map(({ words, how }) => [normalize(words), how] as const),
    strongPlaceWords: places.strongPlaceWords.map((words) => [normalize(words), 'in'] as const),
    joiners: set(places.joiners),
    nameStarts: set(places.nameStarts),
    notPlaces: set(places.notPlaces),
    notPlaceStarts: set(places.notPlaceStarts),
    placePrepositions: set(
      places.placeWords.filter(({ how }) => how !== 'near').map(({ words }) => words),
    ),
  };
});

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** A word of no language: one keyboard row, no vowel, or five consonants in a row. */
export function looksLikeGibberish(word: string): boolean {
  if (/\d/.test(word) || word.length < 4) return false;
  if (KEYBOARD_ROWS.some((row) => [...word].every((letter) => row.includes(letter)))) return true;
  if (!/[aeiouy]/.test(word)) return true;
  return /[^aeiouy\W\d]{5}/.test(word);
}

/** Reads a place after a place word: up to four words, stopping at filler and trade words. */
function placeAfter(tokens: Token[], index: number): { from: number; to: number } | undefined {
  const { joiners, nameStarts } = readingWords();
  let end = index;
  const words: Token[] = [];
  for (let at = index; at < tokens.length && words.length < 5; at += 1) {
    const token = tokens[at]!;
    if (token.used || (at > index && token.broken)) break;
    const joiner = joiners.has(token.plain);
    if (!joiner && (FILLER.has(token.plain) || /^\d+$/.test(token.plain))) break;
    words.push(token);
    if (!joiner) end = at + 1;
  }
  // "the Algarve", "o Porto": an article may start it; the place itself may not end on a joiner.
  const first = tokens[index];
  if (!first || end <= index) return undefined;
  if (joiners.has(first.plain) && first.plain !== 'the' && !nameStarts.has(first.plain))
    return undefined;
  return { from: index, to: end };
}

/** Reads the places after place words ("in Porto", "perto do Marquês") into the reading. */
function readPlaces(
  tokens: Token[],
  reading: MessageReading,
  placeWords: readonly (readonly [string, 'in' | 'near' | 'maybe'])[],
) {
  const { notPlaces, notPlaceStarts } = readingWords();
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
      if (how === 'maybe' && notPlaces.has(plain.split(' ')[0]!)) continue;
      if (how === 'in' && notPlaceStarts.has(place[0]!.plain)) continue;
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
  const cues = readingWords();
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
    anywhere: false,
    there: false,
    closer: false,
    more: false,
  };
  if (tokens.length === 0) {
    reading.nonsense = true;
    return reading;
  }
  const stated = readBudget(text);
  if (stated?.max !== undefined) {
    const { max, currency, unit } = stated;
    reading.price = { max, ...(currency && { currency }), ...(unit && { unit }) };
  }
  if (stated) reading.budget = 'low';

  if (consume(tokens, cues.nearMe)) reading.nearMe = true;
  if (consume(tokens, cues.anywhere)) reading.anywhere = true;

  // "tell me about X": the words before X are used up; X stays to be read (it may hold a place).
  let subject: Token[] = [];
  const { text: before, starts: beforeStarts } = joined(tokens);
  const about = cues.moreAbout.exec(before);
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
    if (said && cues.pronouns.has(said)) {
      for (const token of subject) token.used = true;
      subject = [];
    } else if (said) {
      const ordinal = cues.ordinals[said.replace(/ one$/, '').replace(/^(?:the|that|o|a) /, '')];
      if (ordinal) {
        reading.pick = ordinal;
        for (const token of subject) token.used = true;
        subject = [];
      }
    }
  } else if (consume(tokens, cues.moreAlone)) {
    reading.more = true;
  }

  const closer = consume(tokens, cues.closer);
  if (closer) {
    reading.closer = true;
    const landmark = closer.slice(1).find(Boolean)?.trim().replace(/^the /, '');
    if (landmark) reading.landmark = rawOf(tokens, landmark);
  }

  for (const level of ['low', 'high'] as const) {
    if (consume(tokens, cues.budget[level])) reading.budget ??= level;
  }
  // "under 200 euros", "até 100 reais": a price cap asks for the affordable ones.
  if (consume(tokens, cues.priceCap)) {
    reading.budget ??= 'low';
  }
  // "mais barato" and "not too expensive" said above; "expensive" alone is not a budget.

  if (reading.pick === undefined) {
    // "a segunda" is also Monday and "a quinta" a farm: those count only in a short message or
    // beside "tell me more".
    const { text: free } = joined(tokens);
    const pick = cues.pick.exec(free);
    const word = pick?.[1] ?? pick?.[2];
    if (
      pick &&
      (!word || !cues.ambiguousOrdinals.has(word) || reading.more || tokens.length <= 4)
    ) {
      consume(tokens, cues.pick);
      reading.pick = word ? cues.ordinals[word] : Number(pick[3]);
    }
  }

  for (const [kind, pattern] of cues.smallTalk) {
    while (consume(tokens, pattern)) {
      if (!reading.smallTalk.includes(kind)) reading.smallTalk.push(kind);
    }
  }
  // "beleza" greets only beside other small talk ("e aí, beleza?"); otherwise it is beauty.
  const free = tokens.filter((token) => !token.used);
  if (reading.smallTalk.length > 0 && free.length === 1 && cues.greetingAlone.has(free[0]!.plain)) {
    free[0]!.used = true;
    reading.smallTalk.push('wellbeing');
  }

  const radius = consume(tokens, cues.radius);
  if (radius) reading.radiusKm = Math.min(500, Math.max(1, Number(radius[1])));

  if (consume(tokens, cues.there)) reading.there = true;

  // "I live in Parede", "estou na Parede": a place for sure, before its words are read as a trade.
  readPlaces(tokens, reading, cues.strongPlaceWords);

  // Trades (longest phrase first), then sectors named as such ("beauty in Porto").
  const tradeWords: string[] = [];
  const held: { form: Form; tokens: Token[]; text: string; at: number }[] = [];
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
    if (form.named && before.some((word) => cues.possessives.has(word))) continue;
    const typed = taken.map((token) => token.raw).join(' ');
    if (form.ambiguous) {
      held.push({ form, tokens: taken, text: typed, at });
      continue;
    }
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

  for (const [sector, pattern] of cues.sectorNames) {
    if (consume(tokens, pattern)) {
      reading.sector ??= sector;
      reading.sectorNamed = true;
    }
  }

  // Places after a place word; the last "in" place wins over earlier ones, "near" ones may be landmarks.
  readPlaces(tokens, reading, cues.placeWords);

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
    if (best.form.ambiguous) {
      held.push({
        form: best.form,
        tokens: [token],
        text: best.form.text,
        at: tokens.indexOf(token),
      });
      continue;
    }
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

  // A word of several trades ("extension") names the one another word of the message names
  // ("eyelash extensions", "house extension"); alone it is an ordinary word.
  for (const { form, tokens: taken, text: typed, at } of held) {
    const trade = form.ambiguous!.find((candidate) =>
      reading.trades.some(
        (hit) =>
          hit.trade === candidate ||
          (candidate.sector !== null && hit.trade.sector === candidate.sector),
      ),
    );
    if (!trade) {
      for (const token of taken) token.used = false;
      continue;
    }
    reading.trades.push({
      trade,
      phrase: form.phrase,
      text: typed,
      named: false,
      language: form.language,
      at,
    });
    tradeWords.push(typed);
  }

  // What is left: words with meaning of their own, and at the end maybe a place with no word before it.
  const isFree = (token: Token | undefined) =>
    Boolean(token && !token.used && !FILLER.has(token.plain) && !/^\d+$/.test(token.plain));
  const runs: Token[][] = [];
  let run: Token[] = [];
  tokens.forEach((token, index) => {
    // "rio de janeiro": a joiner between free words stays in the run.
    const joiner =
      run.length > 0 && !token.used && cues.joiners.has(token.plain) && isFree(tokens[index + 1]);
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
      .filter((token) => !placeWords.has(token.raw) && !cues.placePrepositions.has(token.plain))
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
