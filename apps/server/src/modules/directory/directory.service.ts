import type {
  ChatPartner,
  FeaturedSellers,
  FindUsersQuery,
  FromPrice,
  RatingSummary,
  PublicProfile,
  Role,
  UnderstoodBudget,
  UnderstoodPlace,
  UsersPage,
} from '@maya/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { createLru } from '../../lib/lru.js';
import type {
  DirectoryQuery,
  DirectoryRepository,
  DirectoryRow,
  User,
} from './directory.repository.js';
import type { PriceFilter } from '../services/services.service.js';
import {
  coarseDegrees,
  mayViewProfile,
  toChatPartner,
  toPublicProfile,
} from './directory.policy.js';
import {
  POINT_RADIUS_KM,
  searchRadiusKm,
  type GazetteerPlace,
  type PlaceFinder,
} from '../places/places.service.js';
import { takeBudget } from '../../lib/lexicon/budget.js';
import { budgetLean, lexiconBudgetHints } from './budget-lean.js';
import { createBusinessSearch } from './business-search.js';
import { compareRanked, rankedOf } from './ranking.js';
import { explainMatch, type MatchHit } from './search-match.js';
import {
  expandWord,
  fold,
  meaningfulWords,
  placePrepositions,
  searchWords,
  termQuery,
  tradeWords,
  Vocabulary,
  type SearchTerm,
} from './search-terms.js';

export { searchWords };

/** "near me", "perto de mim": the visitor's own place, which plain search does not know. */
const nearMePhrases = [
  ['near', 'me'],
  ['close', 'to', 'me'],
  ['around', 'me'],
  ['perto', 'de', 'mim'],
  ['perto', 'da', 'minha', 'casa'],
  ['aqui', 'perto'],
  ['cerca', 'de', 'mi'],
  ['nearby'],
];
function withoutNearMe(words: string[]): string[] {
  const kept = [...words];
  for (const phrase of nearMePhrases) {
    for (let at = 0; at + phrase.length <= kept.length; at += 1) {
      if (phrase.every((word, offset) => kept[at + offset] === word)) {
        kept.splice(at, phrase.length);
      }
    }
  }
  return kept;
}

export const FEATURED_SELLERS = 8;
const VOCABULARY_TTL_MS = 60_000;
/** Distinct searches whose reading (place, stems, synonyms, corrections) is kept. */
const READINGS_KEPT = 1_000;
/** Clients' towns kept, by rounded point and address text. */
const TOWNS_KEPT = 10_000;

function decodeDirectoryCursor(cursor: string, sort: string) {
  return decodeCursor(cursor, (parts) => {
    if (!Array.isArray(parts) || parts.length !== 3) return undefined;
    const [cursorSort, value, id] = parts as unknown[];
    if (cursorSort !== sort || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
      return undefined;
    const valid =
      sort === 'newest'
        ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
        : sort === 'relevance'
          ? // "<tier>|<created_at>" or "3|<words matched>|<created_at>": the tier of the text
            // match, then the time within it.
            typeof value === 'string' &&
            /^[1234]\|(\d+\|)?[^|]+$/.test(value) &&
            !Number.isNaN(Date.parse(value.split('|').at(-1)!))
          : typeof value === 'number' && Number.isFinite(value);
    if (!valid) return undefined;
    return { value: value as number | string, id };
  });
}

/**
 * The price filter a query asks for: a budget or a price sort, in one currency (a 400 without
 * one), per one unit for a sort. Undefined when it asks for none.
 */
function priceFilterOf(query: FindUsersQuery): PriceFilter | undefined {
  const { minPrice, maxPrice, currency, unit } = query;
  const sortsByPrice = query.sort === 'price';
  if (minPrice === undefined && maxPrice === undefined && !sortsByPrice && !currency && !unit) {
    return undefined;
  }
  if (!currency) {
    throw new AppError(
      'VALIDATION_FAILED',
      { key: 'errors:directory.priceNeedsCurrency' },
      { currency: 'Required with a price' },
    );
  }
  if (sortsByPrice && !unit) {
    throw new AppError(
      'VALIDATION_FAILED',
      { key: 'errors:directory.priceSortNeedsUnit' },
      { unit: 'Required for sort=price' },
    );
  }
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw new AppError(
      'VALIDATION_FAILED',
      { key: 'errors:directory.budgetUpsideDown' },
      { minPrice: 'Not above maxPrice' },
    );
  }
  return {
    currency,
    ...(unit && { unit }),
    ...(minPrice !== undefined && { min: minPrice }),
    ...(maxPrice !== undefined && { max: maxPrice }),
  };
}

/** What the directory needs of the services module: the lowest prices a page's cards show. */
export interface DirectoryPrices {
  findFromPrices(businessIds: string[], filter?: PriceFilter): Promise<Map<string, FromPrice>>;
}

/** What the directory needs of the saved module: which businesses a client saved. */
export interface DirectorySaved {
  savedAmong(buyerId: string, businessIds: string[]): Promise<Set<string>>;
}

/** What the directory needs of the reviews module: each business's published rating. */
export interface DirectoryRatings {
  ratingsOf(businessIds: readonly string[]): Promise<Map<string, RatingSummary>>;
}

/** The directory: public profiles and the search over them, as a visitor or a member sees them. */
export function createDirectoryService(
  repository: DirectoryRepository,
  {
    places,
    prices,
    saved,
    ratings,
  }: {
    places?: PlaceFinder;
    prices?: DirectoryPrices;
    saved?: DirectorySaved;
    ratings?: DirectoryRatings;
  } = {},
) {
  // The profiles' vocabulary, re-read in the background once it is a minute old: a new word
  // is corrected to within a minute of the profile that brought it.
  let vocabulary: { at: number; words: Vocabulary } | undefined;
  let reading: Promise<Vocabulary> | undefined;
  async function currentVocabulary(): Promise<Vocabulary> {
    const read = () =>
      (reading ??= repository
        .findVocabulary()
        .then((terms) => {
          const words = new Vocabulary(terms);
          vocabulary = { at: Date.now(), words };
          return words;
        })
        .finally(() => (reading = undefined)));
    if (!vocabulary) return read();
    if (Date.now() - vocabulary.at > VOCABULARY_TTL_MS) read().catch(() => undefined);
    return vocabulary.words;
  }

  // Reading a search's words is pure for one vocabulary and the gazetteer, and the same searches
  // come again and again: each distinct one is read once (the vocabulary's corrections and the
  // gazetteer's typo matches compare a word with thousands of others).
  const readTerms = createLru<string, SearchTerm[]>(READINGS_KEPT);
  let readWith: Vocabulary | undefined;
  const readPlaces = createLru<string, { named: ReturnType<PlaceFinder['findIn']> }>(READINGS_KEPT);

  /** The searched words with their stems, synonyms and, for unknown words, corrections. */
  async function understand(words: string[]): Promise<SearchTerm[]> {
    if (words.length === 0) return [];
    const known = await currentVocabulary();
    if (known !== readWith) {
      readTerms.clear();
      readWith = known;
    }
    const key = words.join(' ');
    let terms = readTerms.get(key);
    if (!terms) {
      terms = words.map((word) => expandWord(word, known.corrections(word)));
      readTerms.set(key, terms);
    }
    return terms;
  }

  /** A place named in the words (folded, so one key per reading). */
  function placeIn(words: string[]): ReturnType<PlaceFinder['findIn']> {
    if (!places) return undefined;
    const key = words.join(' ');
    let read = readPlaces.get(key);
    if (!read) {
      read = { named: places.findIn(words, { commonWords: tradeWords }) };
      readPlaces.set(key, read);
    }
    return read.named;
  }

  // A client's town is the gazetteer's answer for their rounded point and address text: the
  // same for many clients, and the same each time, so each pair is looked up once.
  const towns = createLru<string, string>(TOWNS_KEPT);
  function townOf(user: User): string {
    if (!places || user.lat === null || user.lng === null) return '';
    const point = { lat: coarseDegrees(user.lat), lng: coarseDegrees(user.lng) };
    const key = `${point.lat},${point.lng},${user.address ?? ''}`;
    let town = towns.get(key);
    if (town === undefined) {
      town = places.townAt(point, user.address)?.label ?? '';
      towns.set(key, town);
    }
    return town;
  }

  /** The words others see of a user: a client's address is their town, as on the profile. */
  function asShown(user: User): User {
    return user.role === 'buyer' ? { ...user, address: townOf(user) } : user;
  }

  /** A user as others see them: a client's address is their town. */
  function shown(user: User): PublicProfile {
    return toPublicProfile(user, user.role === 'buyer' ? townOf(user) : undefined);
  }

  /** Of the businesses among `ids`, those a signed-in client saved; nothing for anyone else. */
  async function savedBy(actor: Actor | null, ids: string[]): Promise<Set<string> | undefined> {
    if (!saved || actor?.role !== 'buyer' || ids.length === 0) return undefined;
    return saved.savedAmong(actor.userId, ids);
  }

  let placesCache:
    | { at: number; places: Awaited<ReturnType<DirectoryRepository['findSellerPlaces']>> }
    | undefined;

  const service = {
    /**
     * One profile as `actor` may see it (`mayViewProfile`): a client's profile is NOT_FOUND, as
     * an unknown id is, to anyone but businesses and the client.
     */
    async getPublicProfile(actor: Actor | null, { id }: { id: string }): Promise<PublicProfile> {
      const user = await repository.findShownProfile(id, actor?.userId);
      if (!user || !mayViewProfile(actor, user)) {
        throw new AppError('NOT_FOUND', 'This profile does not exist.');
      }
      const seller = user.role === 'seller';
      const [savedIds, rated] = await Promise.all([
        seller ? savedBy(actor, [user.id]) : undefined,
        seller && ratings ? ratings.ratingsOf([user.id]) : undefined,
      ]);
      const rating = rated?.get(user.id);
      return {
        ...shown(user),
        ...(savedIds && { saved: savedIds.has(user.id) }),
        ...(rating && { rating }),
      };
    },

    /**
     * The directory: users of the other role, searched on the server and paged by keyset, so it
     * stays fast at any size and never repeats or skips an entry while people sign up.
     */
    async findUsers(actor: Actor | null, query: FindUsersQuery): Promise<UsersPage> {
      return (await readDirectory(actor, query)).page;
    },

    /**
     * The businesses that fit a request, the alternatives when too few do, and what was
     * understood: the directory's answer for Maya (business-search.ts), ranked as `findUsers`.
     */
    searchBusinesses: createBusinessSearch(readDirectory),
  };

  /**
   * How well each business of a page fits a budget typed in the words: for an amount, 2 when
   * it lists a price within it, 1 when its prices start above it, 0 when it lists none (in the
   * currency said); for a
   * cue, how far its own words lean to it (budget-lean.ts).
   */
  function budgetLeanOf(
    budget: UnderstoodBudget,
    explained: { row: DirectoryRow }[],
    within: Map<string, FromPrice>,
    listed: Map<string, FromPrice>,
  ): Map<DirectoryRow, number> {
    const { level, currency } = budget;
    const hints = level && lexiconBudgetHints();
    return new Map(
      explained.map(({ row }) => {
        if (!level || !hints) {
          const id = row.user.id;
          const above = listed.has(id) && (!currency || listed.get(id)!.currency === currency);
          return [row, within.has(id) ? 2 : above ? 1 : 0];
        }
        const { firstName, lastName, description, address } = asShown(row.user);
        const own = fold(`${firstName} ${lastName} ${description} ${address ?? ''}`);
        return [row, budgetLean(own, level, hints)];
      }),
    );
  }

  /** A directory page and, per profile, where each searched word counted (search-match.ts). */
  async function readDirectory(
    actor: Actor | null,
    query: FindUsersQuery,
  ): Promise<{ page: UsersPage; hits: Map<string, MatchHit[]> }> {
    const role = query.role ?? (actor?.role === 'seller' ? 'buyer' : 'seller');
    if (role === 'buyer' && actor?.role !== 'seller') {
      throw new AppError(
        actor ? 'FORBIDDEN' : 'UNAUTHENTICATED',
        actor
          ? 'Clients are listed for businesses only.'
          : 'Please sign in as a business to browse clients.',
      );
    }
    const price = priceFilterOf(query);
    // A budget typed in the words ("até 80 eur por noite", "barato") is read, not searched for.
    const taken = query.q ? takeBudget(query.q) : undefined;
    const typed = withoutNearMe(searchWords(taken?.rest ?? ''));
    const typedMax = price ? undefined : taken?.budget?.max;
    const budget: UnderstoodBudget | undefined =
      typedMax !== undefined
        ? {
            max: typedMax,
            ...(taken?.budget?.currency && { currency: taken.budget.currency }),
            ...(taken?.budget?.unit && { unit: taken.budget.unit }),
            within: 0,
          }
        : taken?.level && !price
          ? { level: taken.level }
          : undefined;
    // A place named in the words becomes a point and a radius, unless a point was given.
    let place: UnderstoodPlace | null = null;
    let words = typed;
    const named = query.near ? undefined : placeIn(typed);
    if (named) {
      const before = named.start > 0 && placePrepositions.has(typed[named.start - 1]!) ? 1 : 0;
      words = [...typed.slice(0, named.start - before), ...typed.slice(named.end)];
      place = {
        name: named.place.name,
        country: named.place.country,
        lat: named.place.lat,
        lng: named.place.lng,
        radiusKm: query.radiusKm ?? searchRadiusKm(named.place),
      };
    }
    let terms = await understand(words.length > 0 ? meaningfulWords(words) : []);
    const sort =
      query.sort ?? (terms.length > 0 ? 'relevance' : query.near || place ? 'distance' : 'newest');
    const near = query.near
      ? {
          ...query.near,
          // Nearest first with no radius given means every distance, not the nearest 50 km.
          radiusKm: query.radiusKm ?? (sort === 'distance' ? undefined : POINT_RADIUS_KM),
        }
      : place
        ? { lat: place.lat, lng: place.lng, radiusKm: place.radiusKm }
        : undefined;
    if (sort === 'distance' && !near) {
      throw new AppError('VALIDATION_FAILED', 'Sorting by distance needs a point.', {
        near: 'Required for sort=distance',
      });
    }
    const after = query.cursor ? decodeDirectoryCursor(query.cursor, sort) : undefined;
    const search: DirectoryQuery = {
      role,
      terms: terms.map(termQuery),
      text: terms.map((term) => term.word).join(' '),
      category: query.category,
      near,
      ...(price && { price }),
      sort: sort === 'relevance' && terms.length === 0 ? 'newest' : sort,
      viewerId: actor?.userId,
      limit: query.limit + 1,
      after,
    };
    // The count rides on the page's own statements; only a page without rows asks for it apart.
    const wantsTotal =
      !query.cursor && (terms.length > 0 || near !== undefined || price !== undefined);
    let rows: DirectoryRow[];
    let counting: Promise<{ count: number; capped: boolean }> | undefined;
    if (wantsTotal) {
      const counted = await repository.findCountedDirectoryPage(search);
      rows = counted.rows;
      counting = counted.total ? Promise.resolve(counted.total) : repository.countMatches(search);
      counting.catch(() => undefined);
    } else {
      rows = await repository.findDirectoryPage(search);
    }
    let outsidePlace = false;
    if (rows.length === 0 && place && !query.cursor) {
      // The place may have been words after all ("Salão São Bento"): read them as words.
      const literal = await understand(meaningfulWords(typed));
      const asWords = await repository.findDirectoryPage({
        ...search,
        terms: literal.map(termQuery),
        text: literal.map((term) => term.word).join(' '),
        near: query.near ? search.near : undefined,
        sort: query.sort ?? 'relevance',
      });
      if (asWords.some((row) => (row.tier ?? 1) < 3)) {
        rows = asWords;
        terms = literal;
        place = null;
        counting = repository.countMatches({
          ...search,
          terms: literal.map(termQuery),
          text: literal.map((term) => term.word).join(' '),
          near: query.near ? search.near : undefined,
        });
      } else if (terms.length > 0) {
        // Nobody with these words at the place: first the same trade's sector there ("hotel
        // in Funchal" → its guesthouses), then the best matches anywhere, nearest first within
        // each tier; shown as partial matches rather than an empty page.
        const sector = query.category ?? terms.find((term) => term.sector)?.sector;
        const sameSector = sector
          ? await repository.findDirectoryPage({
              ...search,
              terms: [],
              text: '',
              category: sector,
              sort: 'distance',
            })
          : [];
        const anywhere =
          sameSector.length > 0
            ? sameSector
            : await repository.findDirectoryPage({
                ...search,
                near: { lat: place.lat, lng: place.lng },
              });
        rows = (anywhere.length > 0 ? anywhere : asWords).sort(
          (a, b) =>
            (a.tier ?? 0) - (b.tier ?? 0) ||
            (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity),
        );
        outsidePlace = anywhere.length > 0;
        if (!outsidePlace) {
          terms = literal;
          place = null;
        }
      } else {
        rows = asWords;
        terms = literal;
        place = null;
      }
    }
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const text = terms.length > 0 || place !== null;
    const explained = page.map((row) => ({
      row,
      match: text
        ? explainMatch(asShown(row.user), terms, {
            tier: row.tier,
            place: place && !outsidePlace ? place.name : undefined,
            outsidePlace,
          })
        : undefined,
    }));
    // Within a tier the index gives the newest first; on the page, the better match first.
    // The page holds the same rows either way, so paging neither repeats nor skips.
    // The ranking (ranking.ts): honest profiles first, then the fit band, Pro, the exact score.
    // Each business's published rating: a card shows it, and the ranking weighs it.
    // Each business's lowest starting price, among the services that fit the price filter; with
    // a budget typed in the words, also among those within it.
    const businesses = page.flatMap(({ user }) => (user.role === 'seller' ? [user.id] : []));
    const typedFilter: PriceFilter | undefined =
      budget?.max !== undefined
        ? {
            max: budget.max,
            ...(budget.currency && { currency: budget.currency }),
            ...(budget.unit && { unit: budget.unit }),
          }
        : undefined;
    const [fromPrices, withinBudget, savedIds] = await Promise.all([
      prices && businesses.length > 0
        ? prices.findFromPrices(businesses, price)
        : new Map<string, FromPrice>(),
      prices && typedFilter && businesses.length > 0
        ? prices.findFromPrices(businesses, typedFilter)
        : new Map<string, FromPrice>(),
      savedBy(actor, businesses),
    ]);
    if (budget?.max !== undefined) budget.within = withinBudget.size;
    const rated =
      ratings && page.length > 0
        ? await ratings.ratingsOf(
            page.flatMap(({ user }) => (user.role === 'seller' ? [user.id] : [])),
          )
        : new Map<string, RatingSummary>();
    if (search.sort === 'relevance' && !outsidePlace) {
      const ranked = new Map(
        explained.map(({ row, match }) => [
          row,
          rankedOf({
            user: row.user,
            tier: row.tier,
            complete: match?.complete,
            fit: match?.fit ?? 0,
            score: match?.score ?? 0,
            rating: rated.get(row.user.id),
          }),
        ]),
      );
      explained.sort((a, b) => compareRanked(ranked.get(a.row)!, ranked.get(b.row)!));
      // A budget in the words: among complete matches (and among partial ones), first those
      // within it, then those whose prices start above it, then those that list none, as Maya
      // orders them. A cue is a weaker sign: within a relevance tier, those whose own words say
      // "cheap" or "luxury" first. The ranking's order stays within each.
      const lean = budget && budgetLeanOf(budget, explained, withinBudget, fromPrices);
      if (lean) {
        const key = (row: DirectoryRow) => ranked.get(row)!;
        explained.sort(
          (a, b) =>
            Number(key(a.row).partial) - Number(key(b.row).partial) ||
            (budget.level ? key(a.row).tier - key(b.row).tier : 0) ||
            lean.get(b.row)! - lean.get(a.row)! ||
            compareRanked(key(a.row), key(b.row)),
        );
      }
    }
    const hits = new Map(
      explained.flatMap(({ row, match }) => (match ? [[row.user.id, match.hits]] : [])),
    );
    const usersPage: UsersPage = {
      items: explained.map(({ row, match }) => ({
        ...shown(row.user),
        distanceKm:
          row.distanceKm === null
            ? null
            : row.user.role === 'buyer'
              ? Math.round(row.distanceKm)
              : Math.round(row.distanceKm * 10) / 10,
        ...(match && {
          match: { complete: match.complete, words: match.words, fields: match.fields },
        }),
        ...((withinBudget.has(row.user.id) || fromPrices.has(row.user.id)) && {
          fromPrice: withinBudget.get(row.user.id) ?? fromPrices.get(row.user.id),
        }),
        ...(savedIds && row.user.role === 'seller' && { saved: savedIds.has(row.user.id) }),
        ...(rated.has(row.user.id) && { rating: rated.get(row.user.id) }),
      })),
      nextCursor:
        rows.length > query.limit && last && !outsidePlace
          ? encodeCursor([sort, last.sortValue, last.user.id])
          : null,
      ...(counting && {
        total: outsidePlace ? { count: 0, capped: false } : await counting,
      }),
      ...(!query.cursor &&
        (text || budget) && {
          understood: {
            words: terms.map((term) => term.word),
            place,
            ...(budget && { budget }),
          },
        }),
    };
    return { page: usersPage, hits };
  }

  return {
    ...service,

    async findFeaturedSellers(): Promise<FeaturedSellers> {
      const rows = await repository.findFeaturedSellers(FEATURED_SELLERS);
      return { items: rows.map(shown) };
    },

    /**
     * The directory's cards of the businesses among `ids` that are not deleted, with their
     * lowest starting price; the caller has already kept only those its viewer may see.
     */
    async findCards(ids: string[]): Promise<Map<string, PublicProfile>> {
      const rows = (await repository.findByIds([...new Set(ids)])).filter(
        (user) => user.role === 'seller' && user.deletedAt === null,
      );
      const fromPrices =
        prices && rows.length > 0
          ? await prices.findFromPrices(rows.map((user) => user.id))
          : new Map<string, FromPrice>();
      return new Map(
        rows.map((user) => [
          user.id,
          {
            ...shown(user),
            ...(fromPrices.has(user.id) && { fromPrice: fromPrices.get(user.id) }),
          },
        ]),
      );
    },

    /** Names and thumbnails of chat partners, deleted accounts included (shown as deleted). */
    async findChatPartners(ids: string[]): Promise<Map<string, ChatPartner>> {
      const rows = await repository.findByIds([...new Set(ids)]);
      return new Map(rows.map((user) => [user.id, toChatPartner(user)]));
    },

    /** A live account's role, for services that pair users; NOT_FOUND when it is gone. */
    async getActiveRole(id: string): Promise<Role> {
      const user = await repository.findById(id);
      if (!user) throw new AppError('NOT_FOUND', 'This profile does not exist.');
      return user.role;
    },

    /** The place a phrase names ("Porto", "perto do Marquês"), read as a search reads it. */
    placeNamed(phrase: string): GazetteerPlace | undefined {
      return placeIn(withoutNearMe(searchWords(phrase)))?.place;
    },

    /** Known seller towns with their centres; cached briefly, they change slowly. */
    async findSellerPlaces() {
      const now = Date.now();
      if (!placesCache || placesCache.at < now - 10 * 60_000) {
        placesCache = { at: now, places: await repository.findSellerPlaces() };
      }
      return placesCache.places;
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
