/**
 * Where a place is, and how far around it a search reaches: the one `Place` of the server and
 * its one radius policy, used by the directory's search and by Maya alike.
 */

/** A town or city (the default), a district of one (a neighbourhood), or a region. */
export type PlaceKind = 'town' | 'district' | 'region';

/** A place: a town of the gazetteer, a landmark or neighbourhood, or one that addresses name. */
export interface Place {
  /** The place's name: Lisbon, Porto, São Paulo; as addresses write it for one they name. */
  name: string;
  lat: number;
  lng: number;
  /** What it is, when not a town: a district of a town, or a region. */
  kind?: PlaceKind;
  /** The GeoNames id, for a place of the gazetteer. */
  id?: number;
  /** ISO 3166-1 alpha-2 code. */
  country?: string;
  /** The country's name (English unless another language was asked for). */
  countryName?: string;
  /** The first-level division, where the gazetteer knows its name (US states, UK nations). */
  admin?: string;
  /** How many people live there, where known. */
  population?: number;
  /** A landmark or neighbourhood of `admin`'s city (landmarks.ts), not a town. */
  landmark?: boolean;
}

/** A place of the gazetteer: everything it knows of one. */
export type GazetteerPlace = Place & { id: number; country: string; population: number };

/** Around a point with no place (a saved location, "near me", a map's centre). */
export const POINT_RADIUS_KM = 50;
/** Around a landmark or a district of a town: its streets. */
export const LANDMARK_RADIUS_KM = 3;
/** Around a town; a city of CITY_POPULATION or more reaches CITY_RADIUS_KM. */
export const TOWN_RADIUS_KM = 15;
export const CITY_RADIUS_KM = 30;
export const CITY_POPULATION = 500_000;
/** Around a region that addresses name ("Algarve"). */
export const REGION_RADIUS_KM = 80;

/**
 * How far around a place a search reaches when no radius is given: a landmark's or a
 * district's streets (3 km), a town (15 km), a city of 500,000 or more (30 km), a region
 * (80 km); around a point with no place, 50 km.
 */
export function searchRadiusKm(place?: Place): number {
  if (!place) return POINT_RADIUS_KM;
  if (place.landmark || place.kind === 'district') return LANDMARK_RADIUS_KM;
  if (place.kind === 'region') return REGION_RADIUS_KM;
  return (place.population ?? 0) >= CITY_POPULATION ? CITY_RADIUS_KM : TOWN_RADIUS_KM;
}
