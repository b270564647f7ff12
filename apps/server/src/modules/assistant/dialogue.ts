import type { SearchSellersInput, Sector, SellerCard, SellerToolOutput } from '@maya/contracts';
import { localeOf, type Locale } from '../../lib/i18n/index.js';
import { readAct } from './acts.js';
import type { PriceCap } from '../../lib/lexicon/budget.js';
import { readMessage, type MessageReading } from './intent.js';
import type { Language } from './language.js';
import {
  actSentence,
  alternativesSentence,
  budgetSentence,
  priceSentence,
  closestOneSentence,
  closestSentence,
  displayPlace,
  foundSentence,
  mentionsSentence,
  moreSentence,
  noneSentence,
  onlyCards,
  outsideSentence,
  sectorNoun,
  sellerSentence,
  sentence,
  titleCase,
  vagueInPlace,
  type Origin,
  type Subject,
  type Tongue,
} from './phrases.js';
import type { NamedPlaces } from './place-finder.js';
import { normalize } from './text.js';
import { tradeVocabulary, type Noun, type TradeHit } from './vocabulary.js';

/** One message of the person, and the seller cards Maya's answer to it showed. */
export interface Turn {
  text: string;
  cards: SellerCard[];
  /** What the cards' distances were measured from, when the answer said. */
  origin?: Origin;
}

/** Who asks, besides what they wrote. */
export interface Asker {
  /** The locale of the person's screen or browser: which Portuguese to write. */
  locale?: Locale;
  /** A business is asking: it gets a business's answers, never its own profile. */
  business?: boolean;
}

/** What the conversation is looking for so far; each message refines it. */
interface SearchState {
  trade?: TradeHit;
  sector?: Sector;
  sectorNamed: boolean;
  /** The words searched for: a named trade's, or the words typed when no trade is named. */
  words: string[];
  /** Other words that matter ("balayage", "students"): sellers that mention them come first. */
  extra: string[];
  /** Other words for the trade, in every language: sellers using one fit too. */
  synonyms: string[];
  place?: { typed: string; known: boolean; around?: boolean };
  nearMe: boolean;
  /** "anywhere is fine": alternatives at any distance. */
  anywhere?: boolean;
  radiusKm?: number;
  budget?: 'low' | 'high';
  price?: PriceCap;
  closest: boolean;
  landmark?: string;
  /** A business asked for by name ("tell me about Hotel Miramar"). */
  about?: string;
}

/** What Maya does with the newest message. */
export type Step =
  | { kind: 'reply'; text: string }
  | {
      kind: 'search';
      input: SearchSellersInput;
      subject: Subject;
      sector?: Sector;
      /** No earlier answer showed sellers: the first search explains the cards. */
      first: boolean;
      /** "closest" was asked: said in the answer. */
      closest: boolean;
      landmark?: string;
      nearMe: boolean;
      /** "show me more": the fitting cards shown so far, so the answer can say what is new. */
      more?: SellerCard[];
      /** A business asks: said once, with the first search. */
      business?: boolean;
    }
  | {
      kind: 'seller';
      id: string;
      /** "which of those is closest?": the card named, and what its distance is from. */
      closest?: { name: string; distanceKm: number | null; origin: Origin };
    };

const CENTRE_WORDS = new Set(
  [
    'centre',
    'center',
    'city centre',
    'city center',
    'downtown',
    'centro',
    'centro da cidade',
    'middle',
  ].map(normalize),
);

interface Located {
  place?: { typed: string; known: boolean; around?: boolean };
  landmark?: string;
  /** Words that turned out to name the place, to leave out of the search words. */
  placeWords: Set<string>;
}

/** Finds out which of a message's place mentions are places, and which landmarks. */
async function locate(reading: MessageReading, finder: NamedPlaces): Promise<Located> {
  const located: Located = { placeWords: new Set() };
  let unknownIn: string | undefined;
  for (const mention of reading.places) {
    const found = await finder.find(mention.text, mention.how === 'bare' ? 'end' : 'start');
    if (found) {
      // The place's own name, never the words typed: "Portto" is Porto.
      located.place = { typed: found.place.name, known: true, around: mention.how === 'near' };
      for (const word of found.matched.split(/\s+/)) located.placeWords.add(normalize(word));
      if (mention.how !== 'bare') {
        for (const word of mention.words) located.placeWords.add(normalize(word));
        const rest = mention.text
          .split(/\s+/)
          .filter((word) => !found.matched.split(/\s+/).includes(word))
          .join(' ');
        if (rest && mention.how === 'near') located.landmark = rest;
      }
    } else if (mention.how === 'in') {
      unknownIn = displayPlace(mention.text);
      for (const word of mention.words) located.placeWords.add(normalize(word));
    } else if (mention.how === 'near') {
      located.landmark = mention.text;
      for (const word of mention.words) located.placeWords.add(normalize(word));
    }
  }
  if (!located.place && unknownIn) located.place = { typed: unknownIn, known: false };
  return located;
}

/** Place names looked up per turn, the newest first. */
const MAX_PLACE_LOOKUPS = 8;

function freshState(): SearchState {
  return { sectorNamed: false, words: [], extra: [], synonyms: [], nearMe: false, closest: false };
}

/** Folds the person's messages, oldest first, into what they are looking for now. */
async function foldState(
  readings: MessageReading[],
  finder: NamedPlaces,
): Promise<{ state: SearchState; located: Located[] }> {
  let state = freshState();
  const located: Located[] = [];
  // Each place named costs a look-up: only the conversation's latest ones are looked up, so a
  // message full of "in X" cannot turn one question into hundreds of searches.
  let lookups = 0;
  const budgets = readings
    .map((reading) => reading.places.length)
    .reduceRight<number[]>((left, count) => {
      const allowed = Math.max(0, Math.min(count, MAX_PLACE_LOOKUPS - lookups));
      lookups += allowed;
      return [allowed, ...left];
    }, []);
  for (const [index, reading] of readings.entries()) {
    const where = await locate(
      { ...reading, places: reading.places.slice(reading.places.length - budgets[index]!) },
      finder,
    );
    located.push(where);
    const keep = (word: string) => !where.placeWords.has(normalize(word));
    const otherWords = reading.otherWords.filter(keep);
    const named = reading.trades.find((hit) => hit.named);

    if (reading.about) {
      state = { ...freshState(), about: reading.about, words: reading.about.split(/\s+/) };
      if (where.place) state.place = where.place;
      continue;
    }
    if (reading.trades.length > 0 || reading.sectorNamed) {
      // A new subject: "actually I need someone for the roof", "e hostels em lisboa?". A named
      // trade is searched by its name, other words only put first the sellers that mention them;
      // a need ("my bathroom is leaking") by its words, the specific trades' words fitting too.
      // The sector's everyday business ("a beauty salon near me") is the sector itself.
      // A specific trade named first ("plumber"), then one a need points to ("roofing
      // contractor", "leaking"), then the sector's everyday business ("builder").
      const specific = reading.trades.filter((hit) => !hit.trade.generic);
      const trade = specific.find((hit) => hit.named) ?? specific[0] ?? named ?? reading.trades[0];
      const cues = reading.trades.filter((hit) => !hit.named).map((hit) => hit.text);
      state.sector = trade?.trade.sector ?? reading.sector;
      state.sectorNamed = reading.sectorNamed;
      state.trade = trade;
      if (!trade || (trade.trade.generic && state.sector)) {
        state.words = [];
        state.extra = [...cues, ...otherWords];
        state.synonyms = [];
      } else if (trade.named) {
        state.words = [trade.text];
        state.extra = otherWords;
        state.synonyms = tradeVocabulary(trade.trade);
      } else {
        state.words = specific.filter((hit) => !hit.named).map((hit) => hit.text);
        state.extra = otherWords;
        state.synonyms = [...new Set(specific.flatMap((hit) => tradeVocabulary(hit.trade)))];
      }
      state.budget = reading.budget;
      state.price = reading.price;
      state.closest = reading.closer;
      state.anywhere = reading.anywhere || undefined;
      state.landmark = undefined;
      state.about = undefined;
    } else if (otherWords.length > 0) {
      // No trade: on its own a search for those words, after one a preference ("for students").
      if (state.words.length > 0 || state.sector) state.extra = otherWords;
      else state.words = otherWords;
    }
    if (where.place) {
      state.place = where.place;
      state.nearMe = false;
    }
    // "I am in Porto, any builder near me?": a place named in the message wins over the saved
    // point, and "near me" asks for the nearest first around it.
    if (reading.nearMe && where.place) state.place = { ...where.place, around: true };
    else if (reading.nearMe) {
      state.nearMe = true;
      state.place = undefined;
    }
    if (reading.anywhere) state.anywhere = true;
    if (reading.radiusKm) state.radiusKm = reading.radiusKm;
    if (reading.budget) state.budget = reading.budget;
    if (reading.price) state.price = reading.price;
    if (where.landmark) state.landmark = where.landmark;
    if (reading.closer) {
      state.closest = true;
      const landmark = reading.landmark;
      if (landmark && !CENTRE_WORDS.has(normalize(landmark))) {
        const found = await finder.find(landmark);
        if (found && !(state.place && normalize(found.matched) === normalize(state.place.typed))) {
          state.landmark = undefined;
          state.place = { typed: found.place.name, known: true, around: true };
        } else if (!found) state.landmark = landmark;
      }
    }
  }
  return { state, located };
}

/** The noun for a trade in the answer's language: the variant typed when there is one. */
function tradeNoun(hit: TradeHit, language: Language): Noun | undefined {
  const variants = hit.trade[language];
  return (
    variants.find(
      (noun) => normalize(noun[0]) === hit.phrase || normalize(noun[1]) === hit.phrase,
    ) ?? variants[0]
  );
}

function subjectOf(state: SearchState, language: Language): Subject {
  if (state.about) return { name: titleCase(state.about) };
  if (state.trade && (state.trade.named || !state.trade.trade.generic)) {
    return { noun: tradeNoun(state.trade, language) };
  }
  if (state.words.length > 0) return { words: state.words.join(' ') };
  if (state.sector) return { noun: sectorNoun(state.sector, language) };
  return {};
}

function matchCard(cards: SellerCard[], name: string): SellerCard | undefined {
  const wanted = normalize(name);
  const words = wanted.split(/\s+/).filter((word) => word.length > 2);
  let best: { card: SellerCard; score: number } | undefined;
  for (const card of cards) {
    const plain = normalize(card.name);
    const score =
      plain === wanted
        ? 3
        : plain.includes(wanted) || wanted.includes(plain)
          ? 2
          : words.length > 0 &&
              words.filter((word) => plain.split(/\s+/).includes(word)).length / words.length >= 0.5
            ? 1
            : 0;
    if (score > 0 && (!best || score > best.score)) best = { card, score };
  }
  return best?.card;
}

/** The language to answer in: the newest message's, else the conversation's, else English. */
function languageOf(readings: MessageReading[]): Language {
  for (const reading of readings.toReversed()) {
    if (reading.language) return reading.language;
  }
  return 'en';
}

function smallTalkReply(reading: MessageReading, tongue: Tongue): string {
  const kinds = reading.smallTalk;
  const parts: string[] = [];
  if (kinds.includes('thanks')) parts.push(sentence('thanks', tongue));
  if (kinds.includes('bye')) parts.push(sentence('bye', tongue));
  if (parts.length > 0) return parts.join(' ');
  if (kinds.includes('capabilities')) return sentence('capabilities', tongue);
  if (kinds.includes('wellbeing')) return sentence('wellbeing', tongue);
  if (kinds.includes('greeting')) return sentence('greeting', tongue);
  return sentence('laugh', tongue);
}

/** The locale to write in: English, or the asker's Portuguese (the web's when unknown). */
function tongueOf(language: Language, asker: Asker): Tongue {
  if (language === 'en') return 'en';
  return asker.locale && asker.locale !== 'en' ? asker.locale : (localeOf('pt') ?? 'pt');
}

/** The answer before, when it showed cards: its cards and what their distances are from. */
function previousAnswer(turns: Turn[]): Turn | undefined {
  return turns
    .slice(0, -1)
    .toReversed()
    .find((turn) => turn.cards.length > 0);
}

/**
 * The fitting cards the search's answers have shown so far: its first answer's and each "show me
 * more"'s since, once each.
 */
function shownSoFar(turns: Turn[]): SellerCard[] {
  const shown = new Map<string, SellerCard>();
  for (const turn of turns.slice(0, -1).toReversed()) {
    for (const card of turn.cards)
      if (!card.alternative && !shown.has(card.id)) shown.set(card.id, card);
    if (readAct(turn.text)?.act !== 'more') break;
  }
  return [...shown.values()];
}

/** Decides what to do with the newest message, from the whole conversation. */
export async function planTurn(
  turns: Turn[],
  finder: NamedPlaces,
  asker: Asker = {},
): Promise<{ step: Step; language: Language; tongue: Tongue }> {
  const readings = turns.map((turn) => readMessage(turn.text));
  const latest = readings.at(-1);
  const act = latest ? readAct(turns.at(-1)!.text) : undefined;
  // A message too short to tell ("quanto custa?") is in the language of the words that named its act.
  const language = latest?.language ?? act?.language ?? languageOf(readings);
  const tongue = tongueOf(language, asker);
  const reply = (text: string) => ({ step: { kind: 'reply' as const, text }, language, tongue });
  if (!latest) return reply(sentence('greeting', tongue));

  const asksSomething =
    latest.trades.length > 0 ||
    latest.sectorNamed ||
    latest.otherWords.length > 0 ||
    latest.places.length > 0 ||
    latest.pick !== undefined ||
    latest.more ||
    latest.budget !== undefined ||
    latest.closer ||
    latest.nearMe ||
    latest.anywhere;
  if (latest.nonsense && latest.trades.length === 0) return reply(sentence('nonsense', tongue));
  if (latest.smallTalk.length > 0 && !asksSomething) return reply(smallTalkReply(latest, tongue));

  // Not a search: a price, a booking, a person, something off-topic, a business asking for
  // clients. Answered in words, with no cards, unless the message also names what to search for
  // ("book a hotel in Lisbon") or refines the search ("cheaper, the price matters").
  const namesTrade = latest.trades.some((hit) => hit.named) || latest.sectorNamed;
  if (act && act.act !== 'more' && !namesTrade && latest.budget === undefined) {
    return reply(actSentence(act.act, tongue));
  }

  // "the second one", "tell me more about Beatriz Matos Makeup".
  const before = previousAnswer(turns);
  const cards = before?.cards ?? [];
  if (latest.pick !== undefined || (latest.more && !latest.about)) {
    if (cards.length === 0) return reply(sentence('whichSeller', tongue));
    if (latest.pick === undefined) {
      if (cards.length === 1) {
        return { step: { kind: 'seller', id: cards[0]!.id }, language, tongue };
      }
      return reply(sentence('whichOne', tongue));
    }
    const card = latest.pick === -1 ? cards.at(-1) : cards[latest.pick - 1];
    if (!card) return reply(onlyCards(cards.length, tongue));
    return { step: { kind: 'seller', id: card.id }, language, tongue };
  }
  if (latest.about) {
    const card = matchCard(cards, latest.about);
    if (card) return { step: { kind: 'seller', id: card.id }, language, tongue };
  }

  // "which of those is closest to the centre?": one of the cards shown, by their distances.
  const fresh = latest.trades.length === 0 && latest.places.length === 0 && !latest.nearMe;
  const toCentre = !latest.landmark || CENTRE_WORDS.has(normalize(latest.landmark));
  const origin = before?.origin;
  if (latest.closer && fresh && toCentre && origin && (origin.place || origin.nearMe)) {
    const measured = cards.filter(
      (card) => !card.alternative && typeof card.distanceKm === 'number',
    );
    const nearest = measured.toSorted((a, b) => a.distanceKm! - b.distanceKm!)[0];
    if (nearest) {
      return {
        step: {
          kind: 'seller',
          id: nearest.id,
          closest: { name: nearest.name, distanceKm: nearest.distanceKm, origin },
        },
        language,
        tongue,
      };
    }
  }

  // "show me more": the search before, further. A place named ("more in Braga") is a new search.
  const more =
    act?.act === 'more' &&
    latest.trades.length === 0 &&
    !latest.nearMe &&
    !latest.closer &&
    latest.budget === undefined &&
    latest.pick === undefined &&
    latest.places.every((mention) => mention.how === 'bare');
  if (more && cards.length === 0) return reply(sentence('vague', tongue));

  const shown = more ? shownSoFar(turns) : [];
  const { state } = await foldState(more ? readings.slice(0, -1) : readings, finder);
  if (!state.about && !state.trade && !state.sector && state.words.length === 0) {
    if (state.place?.known) return reply(vagueInPlace(displayPlace(state.place.typed), tongue));
    return reply(sentence('vague', tongue));
  }
  // The landmark first, as its own phrase: sellers that mention it are looked for.
  const mentioning = [
    ...(state.landmark && !CENTRE_WORDS.has(normalize(state.landmark)) ? [state.landmark] : []),
    ...(state.extra.length > 0 ? [state.extra.join(' ')] : []),
  ].join(', ');
  const input: SearchSellersInput = {
    query: state.words.join(' ') || undefined,
    // A business asked for by name is looked for in every sector.
    sector: state.about ? undefined : state.sector,
    place: state.place?.typed,
    around: state.place?.around || undefined,
    nearMe: state.nearMe || undefined,
    radiusKm: state.radiusKm,
    limit: 6,
    // "show me more": the directory's next page, after every seller shown so far.
    offset: more ? shown.length || undefined : undefined,
    budget: state.budget,
    maxPrice: state.price?.max,
    currency: state.price?.currency,
    priceUnit: state.price?.unit,
    // "Near me" and "near Estoril" are answered nearest first.
    closest: state.closest || state.nearMe || state.place?.around || undefined,
    anywhere: state.anywhere || undefined,
    mentioning: mentioning.slice(0, 100) || undefined,
    synonyms: state.synonyms.length > 0 ? state.synonyms.slice(0, 80) : undefined,
    language,
  };
  for (const key of Object.keys(input) as (keyof SearchSellersInput)[]) {
    if (input[key] === undefined) delete input[key];
  }
  const first = turns.slice(0, -1).every((turn) => turn.cards.length === 0);
  return {
    step: {
      kind: 'search',
      input,
      subject: subjectOf(state, language),
      sector: input.sector,
      first,
      closest: state.closest,
      landmark:
        state.landmark && !CENTRE_WORDS.has(normalize(state.landmark)) ? state.landmark : undefined,
      nearMe: state.nearMe,
      ...(more ? { more: shown } : {}),
      ...(asker.business && first ? { business: true } : {}),
    },
    language,
    tongue,
  };
}

/** What a search's distances were measured from, as its summary says. */
export function originOf(output: SellerToolOutput): Origin {
  const summary = output.search;
  return {
    place: summary?.place?.known ? summary.place.name : undefined,
    around: summary?.place?.around ?? false,
    nearMe: summary?.nearMe ?? false,
  };
}

/** The words around the cards of a search, from what the tool found. */
export function writeSearchAnswer(
  step: Extract<Step, { kind: 'search' }>,
  output: SellerToolOutput,
  tongue: Tongue,
): string {
  const summary = output.search;
  const origin = originOf(output);
  // A place nobody could locate is still named in the answer: "I couldn't find a vet in Berlin".
  const named: Origin =
    summary?.place && !summary.place.known ? { place: summary.place.name } : origin;
  const parts: string[] = [];
  const fitting = summary?.fitting ?? output.sellers.filter((card) => !card.alternative).length;
  if (step.more && fitting > 0) {
    const seen = new Set(step.more.map((card) => card.id));
    const fit = output.sellers.filter((card) => !card.alternative);
    const added = fit.filter((card) => !seen.has(card.id));
    const everyone = added.length === 0;
    parts.push(
      moreSentence(
        (everyone ? (fit.length > 0 ? fit : step.more) : added).map((card) => card.name),
        everyone,
        named,
        tongue,
      ),
    );
    return parts.join(' ');
  }
  if (fitting > 0) {
    const fit = output.sellers.filter((card) => !card.alternative);
    parts.push(
      foundSentence(
        step.subject,
        named,
        {
          shown: fit.length,
          total: summary?.total?.count,
          capped: summary?.total?.capped,
          names: fit.map((card) => card.name),
        },
        tongue,
      ),
    );
    // Real prices when businesses list them; the ones whose own words say cheap otherwise.
    const prices = summary?.price
      ? priceSentence(
          summary.price,
          summary.price.currency ??
            output.sellers.find((card) => card.fromPrice)?.fromPrice?.currency,
          tongue,
        )
      : undefined;
    if (summary?.budget)
      parts.push(budgetSentence(summary.budget.level, summary.budget.found > 0, tongue, prices));
    else if (prices) parts.push(prices);
    if (step.closest && summary?.closestFirst) parts.push(closestSentence(origin, tongue)!);
    if (step.landmark && summary?.mentioning) {
      parts.push(mentionsSentence(step.landmark, summary.mentioning.found, tongue));
    } else if (
      step.closest &&
      !summary?.closestFirst &&
      !output.note.startsWith('location-unknown')
    ) {
      parts.push(sentence('sortNeedsPlace', tongue));
    }
    const close = output.sellers.filter((card) => card.alternative).map((card) => card.name);
    if (close.length > 0) parts.push(outsideSentence(close, origin, tongue));
    if (step.first) parts.push(sentence('openCard', tongue));
  } else {
    parts.push(noneSentence(step.subject, named, tongue));
    if (output.sellers.length > 0 && summary) {
      parts.push(
        alternativesSentence(summary.alternatives, step.subject, origin, step.sector, tongue),
      );
    } else {
      // Nobody doing it is near enough to offer either: said plainly.
      parts.push(sentence(summary?.nobodyNear ? 'nobodyNear' : 'tryOther', tongue));
    }
    if (step.input.budget && !summary?.price) parts.push(sentence('noPrices', tongue));
  }
  if (output.note.startsWith('location-unknown')) parts.push(sentence('locationUnknown', tongue));
  if (step.business) parts.push(actSentence('businessSearch', tongue));
  return parts.join(' ');
}

/** The words around one seller's card ("tell me more about the second one"). */
export function writeSellerAnswer(
  step: Extract<Step, { kind: 'seller' }>,
  output: SellerToolOutput,
  tongue: Tongue,
): string {
  const card = output.sellers[0];
  if (!card) return sentence('sellerGone', tongue);
  if (step.closest) return closestOneSentence(step.closest, step.closest.origin, tongue);
  return sellerSentence(card, tongue);
}
