import type { Currency, FromPrice, MatchField, Sector } from '@maya/contracts';
import { listOf, localeOf, wordsFor, type Locale } from '../../lib/i18n/index.js';
import { placeArticle } from '../../lib/lexicon/index.js';
import { placeName } from '../places/place-names.js';
import type { Language } from './language.js';
import { SECTOR_NOUNS, type Noun } from './vocabulary.js';

/**
 * Every sentence Maya writes comes from the `assistant` catalogs (lib/i18n/locales/assistant):
 * English, Portuguese as written in Portugal, and what Brazil says differently. Nothing here
 * decides anything: it only words what the dialogue and the tools decided, in a locale
 * ('en', 'pt-PT', 'pt-BR', or a bare 'pt', the web's Portuguese).
 */
export type Tongue = Language | Locale;

const localeFor = (tongue: Tongue): Locale => localeOf(tongue) ?? 'en';
const languageFor = (tongue: Tongue): Language => (tongue === 'en' ? 'en' : 'pt');

/** A sentence of the catalog, filled in. */
function say(tongue: Tongue, key: string, values?: Record<string, unknown>): string {
  return String(wordsFor(localeFor(tongue), 'assistant')(key, values));
}

/** A place's name as the locale writes it: "Lisbon" in English, "Lisboa" in Portuguese. */
export function localName(place: string, tongue: Tongue): string {
  return placeName(place, languageFor(tongue));
}

/** A place after a preposition of the catalog: "in Porto", "no Porto", "perto da Amadora". */
function placePhrase(
  group: 'in' | 'near' | 'outside' | 'centre' | 'fromCentre',
  place: string,
  tongue: Tongue,
): string {
  const name = localName(place, tongue);
  return say(tongue, `place.${group}.${placeArticle(name) ?? 'none'}`, { place: name });
}

/** "in Porto" / "no Porto", "em Lisboa", "na Amadora". */
export function inPlace(place: string, tongue: Tongue): string {
  return placePhrase('in', place, tongue);
}

/** How a place is shown when nobody could locate it: as typed, in title case. */
export function displayPlace(typed: string, known?: string): string {
  return known ?? titleCase(typed);
}

/** "rio de janeiro" → "Rio de Janeiro", "hotel miramar" → "Hotel Miramar". */
export function titleCase(typed: string): string {
  const small = new Set(['de', 'da', 'do', 'das', 'dos', 'del', 'la', 'e', 'y', 'of', 'the']);
  return typed
    .trim()
    .split(/\s+/)
    .map((word, index) =>
      index > 0 && small.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.length <= 2 && word === word.toLowerCase()
          ? word.toUpperCase() // "sp" → "SP", "bh" → "BH"
          : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

export const quote = (text: string, tongue: Tongue = 'en') => say(tongue, 'quote', { text });

export function list(items: string[], tongue: Tongue): string {
  return items.length === 0 ? '' : listOf(localeFor(tongue), items);
}

/** "1 plumber", "2 plumbers", "1 canalizador", "2 canalizadores": the locale's plural rule. */
export function count(n: number, noun: Noun, tongue: Tongue = 'en'): string {
  const locale = localeFor(tongue);
  const one = new Intl.PluralRules(locale).select(n) === 'one';
  return `${new Intl.NumberFormat(locale).format(n)} ${one ? noun[0] : noun[1]}`;
}

/** "a plumber", "an electrician", "um canalizador", "uma manicure". */
export function aNoun(noun: Noun, tongue: Tongue): string {
  const form =
    languageFor(tongue) === 'en'
      ? /^[aeio]/i.test(noun[0])
        ? 'vowel'
        : 'consonant'
      : (noun[2] ?? 'm');
  return say(tongue, `noun.a.${form}`, { noun: noun[0] });
}

/** Kilometres as people read them: "0.8 km", "12 km"; "0,8 km" in Portuguese. */
export function km(distance: number, tongue: Tongue): string {
  const formatted = new Intl.NumberFormat(localeFor(tongue), {
    maximumFractionDigits: distance < 10 ? 1 : 0,
  }).format(distance);
  return say(tongue, 'km', { distance: formatted });
}

export function sectorNoun(sector: Sector | null | undefined, tongue: Tongue): Noun {
  return SECTOR_NOUNS[sector ?? 'none'][languageFor(tongue)];
}

/** The words a search was for: a trade's name, a business's name, or the words typed. */
export interface Subject {
  noun?: Noun;
  /** A business asked for by name: "Hotel Miramar". */
  name?: string;
  words?: string;
}

/** "the centre of Porto", "you", or nothing: what distances are measured from. */
export interface Origin {
  place?: string;
  /** Searched around the place ("near Estoril"), not in it. */
  around?: boolean;
  nearMe?: boolean;
}

function where(origin: Origin, tongue: Tongue): string {
  if (origin.place && origin.around) return ` ${placePhrase('near', origin.place, tongue)}`;
  if (origin.place) return ` ${inPlace(origin.place, tongue)}`;
  if (origin.nearMe) return ` ${say(tongue, 'place.nearYou')}`;
  return '';
}

const gender = (noun: Noun) => noun[2] ?? 'm';

export function foundSentence(
  subject: Subject,
  origin: Origin,
  found: { shown: number; total?: number; capped?: boolean; names: string[] },
  tongue: Tongue,
): string {
  const all = Math.max(found.total ?? found.shown, found.shown);
  const noun = subject.noun ?? sectorNoun(null, tongue);
  const amount =
    found.capped && all > found.shown
      ? say(tongue, 'noun.moreThan', { amount: count(all, noun, tongue) })
      : count(all, noun, tongue);
  const what = subject.name
    ? say(tongue, 'found.for', { what: quote(subject.name, tongue) })
    : !subject.noun && subject.words
      ? say(tongue, 'found.for', { what: quote(subject.words, tongue) })
      : '';
  const head = say(tongue, 'found.head', { amount, what, where: where(origin, tongue) });
  const names = list(found.names.slice(0, 3), tongue);
  if (all > found.shown) return say(tongue, 'found.some', { head, count: found.shown, names });
  if (found.names.length <= 3) return say(tongue, 'found.few', { head, names });
  return say(tongue, `found.many.${gender(noun)}`, { head, names });
}

export function noneSentence(subject: Subject, origin: Origin, tongue: Tongue): string {
  const what = subject.name
    ? quote(subject.name, tongue)
    : subject.noun
      ? say(tongue, `noun.none.${gender(subject.noun)}`, {
          noun: subject.noun[0],
          aNoun: aNoun(subject.noun, tongue),
        })
      : subject.words
        ? say(tongue, 'none.words', { words: quote(subject.words, tongue) })
        : say(tongue, 'none.any');
  return say(tongue, 'none.sentence', { what, where: where(origin, tongue) });
}

export type AlternativeKind = 'partial' | 'same-sector-here' | 'elsewhere';

export function alternativesSentence(
  kinds: AlternativeKind[],
  subject: Subject,
  origin: Origin,
  sector: Sector | null | undefined,
  tongue: Tongue,
): string {
  const nouns = subject.noun
    ? subject.noun[1]
    : subject.words
      ? say(tongue, 'alternatives.sellersFor', { words: quote(subject.words, tongue) })
      : sectorNoun(sector, tongue)[1];
  const parts = kinds.map((kind) => {
    if (kind === 'partial') return say(tongue, 'alternatives.partial');
    if (kind === 'same-sector-here') {
      const noun = sectorNoun(sector, tongue);
      const others = say(tongue, `noun.other.${gender(noun)}`, { nouns: noun[1] });
      return say(tongue, 'alternatives.sameSectorHere', { others, where: where(origin, tongue) });
    }
    if (origin.place) {
      const outside = placePhrase('outside', origin.place, tongue);
      return say(tongue, 'alternatives.outside', { nouns, outside });
    }
    if (origin.nearMe) return say(tongue, 'alternatives.further', { nouns });
    return say(tongue, 'alternatives.elsewhere', { nouns });
  });
  return say(tongue, 'alternatives.intro', { list: list(parts, tongue) });
}

/** The sentences that stand alone. */
export type SentenceKey =
  | 'tryOther'
  | 'nobodyNear'
  | 'openCard'
  | 'noPrices'
  | 'locationUnknown'
  | 'greeting'
  | 'wellbeing'
  | 'thanks'
  | 'bye'
  | 'capabilities'
  | 'laugh'
  | 'nonsense'
  | 'vague'
  | 'whichSeller'
  | 'whichOne'
  | 'sellerGone'
  | 'sellerCard'
  | 'sortNeedsPlace'
  | 'withoutTools';

export function sentence(key: SentenceKey, tongue: Tongue): string {
  return say(tongue, `say.${key}`);
}

/** What Maya says to a message that is not a search (acts.ts), or to a business. */
export function actSentence(
  act:
    | 'price'
    | 'negotiate'
    | 'booking'
    | 'person'
    | 'offTopic'
    | 'findClients'
    | 'competitors'
    | 'businessSearch',
  tongue: Tongue,
): string {
  return say(tongue, `act.${act}`);
}

export function vagueInPlace(place: string, tongue: Tongue): string {
  return say(tongue, 'vagueInPlace', { where: inPlace(place, tongue) });
}

export function onlyCards(n: number, tongue: Tongue): string {
  return say(tongue, 'onlyCards', { amount: count(n, sectorNoun(null, tongue), tongue) });
}

/** `prices`: what the listed prices say, instead of the sentence that no prices are listed. */
export function budgetSentence(
  level: 'low' | 'high',
  ranked: boolean,
  tongue: Tongue,
  prices?: string,
): string {
  const noPrices = prices ?? sentence('noPrices', tongue);
  if (!ranked) return noPrices;
  return say(tongue, 'budget.ranked', { how: say(tongue, `budget.${level}`), noPrices }).trim();
}

export function closestSentence(origin: Origin, tongue: Tongue): string | undefined {
  if (origin.place) {
    return say(tongue, 'closest.place', {
      fromCentre: placePhrase('fromCentre', origin.place, tongue),
    });
  }
  if (origin.nearMe) return say(tongue, 'closest.nearMe');
  return undefined;
}

/** "Of those, Glow Studio is the nearest, 1.2 km from the centre of Porto." */
export function closestOneSentence(
  card: { name: string; distanceKm: number | null },
  origin: Origin,
  tongue: Tongue,
): string {
  if (card.distanceKm === null || (!origin.place && !origin.nearMe)) {
    return say(tongue, 'closest.unknown');
  }
  const distance = km(card.distanceKm, tongue);
  if (origin.place) {
    return say(tongue, 'closest.onePlace', {
      name: card.name,
      distance,
      fromCentre: placePhrase('fromCentre', origin.place, tongue),
    });
  }
  return say(tongue, 'closest.oneNearMe', { name: card.name, distance });
}

/** "show me more": the newly shown, or that the earlier answer was everyone. */
export function moreSentence(
  names: string[],
  everyone: boolean,
  origin: Origin,
  tongue: Tongue,
): string {
  return say(tongue, everyone ? 'more.everyone' : 'more.some', {
    where: where(origin, tongue),
    names: list(names.slice(0, 6), tongue),
  });
}

export function mentionsSentence(words: string, found: number, tongue: Tongue): string {
  return say(tongue, found > 0 ? 'mentions.found' : 'mentions.none', {
    words: quote(words, tongue),
  });
}

export function sellerSentence(
  seller: { name: string; sector: Sector | null; city: string | null },
  tongue: Tongue,
): string {
  return say(tongue, 'seller', {
    name: seller.name,
    what: aNoun(sectorNoun(seller.sector, tongue), tongue),
    where: seller.city ? ` ${inPlace(seller.city, tongue)}` : '',
    card: sentence('sellerCard', tongue),
  });
}

// ---- A card's "why", in the asker's language ----

export function matchReason(
  words: string[],
  fields: MatchField[],
  tongue: Tongue,
  only = false,
): string {
  const quoted = list(
    words.map((word) => quote(word, tongue)),
    tongue,
  );
  const names = fields.map((field) => say(tongue, `why.field.${field}`));
  return say(tongue, only ? 'why.matchesOnly' : 'why.matches', {
    words: quoted,
    fields: names.length > 0 ? say(tongue, 'why.fields', { fields: list(names, tongue) }) : '',
  });
}

export function distanceReason(distance: number, origin: Origin, tongue: Tongue): string {
  const amount = km(distance, tongue);
  if (origin.place) {
    return say(tongue, 'why.distance', {
      distance: amount,
      from: placePhrase('fromCentre', origin.place, tongue),
    });
  }
  if (origin.nearMe) {
    return say(tongue, 'why.distance', { distance: amount, from: say(tongue, 'place.fromYou') });
  }
  return say(tongue, 'why.away', { distance: amount });
}

type ReasonKey = 'listed' | 'askedFor' | 'alternative' | 'cheap' | 'premium';

/** Short reasons, by key and language ('pt' is the web's Portuguese). */
export const reasons = Object.fromEntries(
  (['listed', 'askedFor', 'alternative', 'cheap', 'premium'] as const).map((key) => [
    key,
    {
      get en() {
        return say('en', `why.${key}`);
      },
      get pt() {
        return say('pt', `why.${key}`);
      },
    },
  ]),
) as Record<ReasonKey, Record<Language, string>>;

export function sectorReason(sector: Sector, tongue: Tongue, other = false): string {
  const noun = sectorNoun(sector, tongue);
  if (!other) return noun[0];
  return say(tongue, `noun.another.${gender(noun)}`, { noun: noun[0] });
}

/** "rated 4.8★ (12 reviews)": the clients' published reviews, their plain average and count. */
export function ratingReason(rating: { average: number; count: number }, tongue: Tongue): string {
  const average = new Intl.NumberFormat(localeFor(tongue), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating.average);
  return say(tongue, 'why.rated', { average, count: rating.count });
}

export function mentionsReason(words: string, tongue: Tongue): string {
  return say(tongue, 'why.mentions', { words: quote(words, tongue) });
}

export function outsideSentence(names: string[], origin: Origin, tongue: Tongue): string {
  const place = origin.place
    ? placePhrase('outside', origin.place, tongue)
    : say(tongue, 'place.further');
  return say(tongue, 'outside', { where: place, names: list(names, tongue) });
}

/** An amount of minor units as the locale writes money: "€40", "40 €", "R$ 1.500,00". */
export function money(amount: number, currency: Currency, tongue: Tongue): string {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat(localeFor(tongue), {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount / 100);
}

/**
 * A card's price: "from €40 per hour", with "within your €50" or "above your €50" when a budget
 * was asked for; a business with no price listed says so.
 */
export function priceReason(
  from: FromPrice | undefined,
  budget: { max: number; currency?: Currency } | undefined,
  tongue: Tongue,
): string {
  if (!from) return say(tongue, 'price.none');
  const values = {
    price: money(from.amount, from.currency, tongue),
    per: say(tongue, `price.per.${from.unit}`),
  };
  if (!budget) return say(tongue, 'price.from', values);
  const max = money(budget.max, budget.currency ?? from.currency, tongue);
  return say(tongue, from.amount <= budget.max ? 'price.within' : 'price.above', {
    ...values,
    max,
  });
}

/** What a search with a budget found, said once: within it, or only above it; who lists none. */
export function priceSentence(
  price: { max?: number; currency?: Currency; within: number; above: number; unpriced: number },
  currency: Currency | undefined,
  tongue: Tongue,
): string {
  const parts: string[] = [];
  const max = price.max !== undefined && currency ? money(price.max, currency, tongue) : undefined;
  if (price.max !== undefined && price.within > 0)
    parts.push(say(tongue, 'price.sentence.within', { max: max ?? String(price.max / 100) }));
  else if (price.max !== undefined && price.above > 0)
    parts.push(say(tongue, 'price.sentence.above', { max: max ?? String(price.max / 100) }));
  if (price.unpriced > 0) parts.push(say(tongue, 'price.sentence.unpriced'));
  return parts.join(' ');
}
