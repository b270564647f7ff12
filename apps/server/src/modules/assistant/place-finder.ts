import type { PublicProfile } from '@maya/contracts';
import type { DirectoryService } from '../directory/directory.service.js';
import type { Place, PlaceKind } from '../places/places.service.js';
import { cleanAddressPart, kindOfPart, placesOf } from './address.js';
import { editDistance, normalize, typoBudget } from './text.js';

/**
 * The places a person names in a message, found as the directory's search finds them (the
 * places module's gazetteer) and, for districts and regions, as sellers' addresses name them.
 * Each is a places-module `Place`; how far around it to search is the places module's
 * `searchRadiusKm`.
 */
export interface NamedPlaces {
  /**
   * Where a place people name is ("lisboa", "rio", "sevila"), or undefined when neither the
   * sellers' addresses nor the directory say. When the whole phrase names no place, its first
   * (or last) words may name a town ("estoril casino", "lisbon airport"): `matched` says which.
   */
  find(
    phrase: string,
    /** Which end of the phrase may name the town alone: "estoril casino" (start), "treatment lisbon" (end). */
    end?: 'start' | 'end',
  ): Promise<{ place: Place; matched: string } | undefined>;
  /** Whether a seller's address is in the town (or district) of a place, by name. */
  isIn(address: string | null | undefined, place: Place): boolean;
}

/** A town sellers' addresses name is the gazetteer's town of that name within this distance. */
const SAME_TOWN_KM = 30;
const KNOWN_FOR_MS = 10 * 60_000;
const FOUND_FOR_MS = 10 * 60_000;
const MISSED_FOR_MS = 60_000;
const CACHE_SIZE = 500;
/** The newest sellers whose addresses teach the places: ten pages of a hundred. */
const LEARN_PAGES = 10;

/**
 * How well a name matches the words typed, lower is better: exactly (0), as the start of a
 * longer name ("rio" → "Rio de Janeiro", 1), or with a typo (2, 3); undefined when it does not.
 */
function closeness(typed: string, name: string, typos = true): number | undefined {
  const plain = normalize(name);
  if (plain === typed) return 0;
  if (plain.startsWith(`${typed} `) && typed.length >= 3) return 1;
  const budget = typos ? typoBudget(typed) : 0;
  if (budget === 0) return undefined;
  const distance = editDistance(typed, plain, budget);
  return distance <= budget ? 1 + distance : undefined;
}

/** Kilometres between two points (haversine). */
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

interface Spot {
  name: string;
  kind: PlaceKind;
  points: { lat: number; lng: number }[];
}

/** The places a page of sellers names, each with the sellers' points: "Lisboa", "Alvalade". */
function spotsOf(profiles: PublicProfile[], spots = new Map<string, Spot>()): Map<string, Spot> {
  for (const profile of profiles) {
    const location = profile.location;
    if (!location) continue;
    for (const { name, kind, town } of placesOf(location.address)) {
      // A district is one town's: Lapa in Lisbon is not Lapa in Rio.
      const key = `${kind}:${normalize(name)}:${kind === 'district' ? normalize(town ?? '') : ''}`;
      const spot = spots.get(key) ?? { name, kind, points: [] };
      spot.points.push({ lat: location.lat, lng: location.lng });
      spots.set(key, spot);
    }
  }
  return spots;
}

/** A spot as a place: its sellers' centre. */
function toPlace(spot: Spot): Place {
  const lat = spot.points.reduce((sum, point) => sum + point.lat, 0) / spot.points.length;
  const lng = spot.points.reduce((sum, point) => sum + point.lng, 0) / spot.points.length;
  return { name: spot.name, lat, lng, kind: spot.kind };
}

/** The best spot for what was typed: the closest name, a town before a district, then the busiest. */
function bestSpot(spots: Iterable<Spot>, typed: string): { spot: Spot; score: number } | undefined {
  const rank = { town: 0, region: 1, district: 2 };
  let best: { spot: Spot; score: number } | undefined;
  for (const spot of spots) {
    // A district's name is too easily another's with one letter changed ("Graça", "Gràcia").
    const score = closeness(typed, spot.name, spot.kind !== 'district');
    if (score === undefined) continue;
    if (
      !best ||
      score < best.score ||
      (score === best.score &&
        (rank[spot.kind] < rank[best.spot.kind] ||
          (rank[spot.kind] === rank[best.spot.kind] &&
            spot.points.length > best.spot.points.length)))
    ) {
      best = { spot, score };
    }
  }
  return best;
}

/**
 * Places as the directory's sellers name them: the towns, districts and regions in their
 * addresses, learned from the newest sellers and asked of the directory for the rest; when the
 * directory reads places itself (`understood.place`), its answer wins.
 */
export function createNamedPlaces(directory: DirectoryService): NamedPlaces {
  const cache = new Map<string, { at: number; place: Place | undefined }>();
  let known: { at: number; spots: Promise<Map<string, Spot>> } | undefined;

  /** The places of the newest sellers' addresses, read again every ten minutes. */
  function knownSpots(): Promise<Map<string, Spot>> {
    if (!known || known.at < Date.now() - KNOWN_FOR_MS) {
      const spots = (async () => {
        const found = new Map<string, Spot>();
        let cursor: string | undefined;
        for (let page = 0; page < LEARN_PAGES; page += 1) {
          const answer = await directory.findUsers(null, {
            role: 'seller',
            sort: 'newest',
            limit: 100,
            cursor,
          });
          spotsOf(answer.items, found);
          if (!answer.nextCursor) break;
          cursor = answer.nextCursor;
        }
        // The directory's own list of seller towns adds any older ones it knows.
        for (const row of await directory.findSellerPlaces()) {
          const name = cleanAddressPart(row.name);
          if (!name || kindOfPart(name) === 'country') continue;
          const key = `town:${normalize(name)}:`;
          if (![...found.keys()].some((other) => other.includes(`:${normalize(name)}:`))) {
            found.set(key, { name, kind: 'town', points: [{ lat: row.lat, lng: row.lng }] });
          }
        }
        return found;
      })();
      known = { at: Date.now(), spots };
      // A failure is forgotten, so the next question tries again.
      spots.catch(() => {
        known = undefined;
      });
    }
    return known.spots;
  }

  /** The gazetteer's place for a phrase, as the search reads it; a town always. */
  function fromGazetteer(phrase: string): Place | undefined {
    const place = directory.placeNamed(phrase);
    return place && { ...place, kind: 'town' };
  }

  /** A town sellers' addresses name, with what the gazetteer knows of it (its population). */
  function withGazetteer(spot: Spot): Place {
    const place = toPlace(spot);
    if (place.kind !== 'town') return place;
    const town = directory.placeNamed(spot.name);
    if (!town || kmBetween(town, place) > SAME_TOWN_KM) return place;
    return { ...town, ...place, kind: 'town' };
  }

  async function fromDirectory(phrase: string, typed: string): Promise<Place | undefined> {
    const page = await directory.findUsers(null, { role: 'seller', q: phrase, limit: 30 });
    // The directory read a place in the phrase beside other words ("estoril casino").
    const place = page.understood?.place ? fromGazetteer(phrase) : undefined;
    if (place) return place;
    const best = bestSpot(spotsOf(page.items).values(), typed);
    return best ? withGazetteer(best.spot) : undefined;
  }

  async function findOne(phrase: string): Promise<Place | undefined> {
    const typed = normalize(phrase)
      .replace(/^(?:the|o|a|os|as) /, '')
      .replaceAll(/[^\p{L}\p{N}' -]/gu, ' ')
      .replaceAll(/\s+/g, ' ')
      .trim();
    if (typed.length < 2) return undefined;
    const cached = cache.get(typed);
    if (cached && cached.at > Date.now() - (cached.place ? FOUND_FOR_MS : MISSED_FOR_MS)) {
      return cached.place;
    }
    const learned = bestSpot((await knownSpots()).values(), typed);
    const place =
      learned && learned.score === 0
        ? withGazetteer(learned.spot)
        : ((await fromDirectory(phrase, typed)) ??
          (learned ? withGazetteer(learned.spot) : undefined));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(typed, { at: Date.now(), place });
    return place;
  }

  return {
    async find(phrase, end = 'start') {
      const whole = phrase.trim();
      if (whole.length < 2) return undefined;
      const place = await findOne(whole);
      if (place) return { place, matched: whole };
      const words = whole.split(/\s+/);
      for (let size = Math.min(3, words.length - 1); size >= 1; size -= 1) {
        const part = (end === 'start' ? words.slice(0, size) : words.slice(-size)).join(' ');
        if (part.length < 3) continue;
        const town = await findOne(part);
        if (town && town.kind !== 'district') return { place: town, matched: part };
      }
      return undefined;
    },

    isIn(address, place) {
      if (!address) return true;
      const typed = normalize(place.name);
      return placesOf(address).some(
        (spot) => spot.kind === (place.kind ?? 'town') && (closeness(typed, spot.name) ?? 9) <= 2,
      );
    },
  };
}
