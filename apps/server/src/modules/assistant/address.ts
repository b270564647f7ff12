import { derived, phraseRegex } from '../../lib/lexicon/index.js';
import { normalize } from './text.js';

/** Postcodes as people write them, anywhere in a part of an address. */
const POSTCODES = [
  /\b\d{4}-\d{3}\b/g, // Portugal: 4300-259
  /\b\d{5}-?\d{3}\b/g, // Brazil: 01310-200
  /\b[A-Z]{1,2}\d[A-Z\d]?(?:\s*\d[A-Z]{2})?\b/g, // United Kingdom: SW8, NW1 0LT
  /\b\d{3,6}\b/g, // Spain, the United States and most others: 28013, 07105
];

/** Countries and regions that end addresses, and how streets start: the lexicon's place words. */
const words = derived((lexicon) => ({
  countries: new Set(lexicon.places.addressCountries.map(normalize)),
  regions: new Set(lexicon.places.addressRegions.map(normalize)),
  // "rua", "av.", a number: a part that begins so is never the town.
  street: new RegExp(`^(?:${lexicon.places.streetStarts.map(phraseRegex).join('|')}|\\d)`),
}));

/** One part of an address without its postcode and state code ("São Paulo - SP" → "São Paulo"). */
function cleanPart(part: string): string {
  let clean = part;
  for (const postcode of POSTCODES) clean = clean.replace(postcode, ' ');
  return clean
    .replace(/^\s*(?:\d+[A-Za-z]?|s\/n)\s*[-–]\s*/i, '') // "1000 - Leblon"
    .replace(/\s*[-–/]\s*[A-Z]{2}\s*$/, '') // "São Paulo - SP"
    .replace(/^\s*[-–,]+|[-–,]+\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a part of an address names, once cleaned: a country, a region or a state code, or a town or district. */
export function kindOfPart(part: string): 'country' | 'region' | 'place' {
  const plain = normalize(part);
  if (words().countries.has(plain)) return 'country';
  if (words().regions.has(plain) || /^[A-Z]{2}$/.test(part)) return 'region';
  return 'place';
}

function isTown(part: string): boolean {
  if (!/\p{L}{2}/u.test(part) || /\d/.test(part)) return false;
  if (/^[A-Z]{2}$/.test(part)) return false; // a state code on its own: "NJ"
  return kindOfPart(part) === 'place' && !words().street.test(normalize(part));
}

/**
 * The town of an address as people write it: the last comma part that is a town once postcodes
 * and state codes are taken out ("Rua do Heroísmo 200, 4300-259 Porto" → "Porto",
 * "Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200" → "São Paulo"). Null when no part
 * looks like one.
 */
export function townOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const parts = address
    .split(',')
    .map(cleanPart)
    .filter((part) => part.length > 0);
  for (const part of parts.toReversed()) {
    if (isTown(part)) return part;
  }
  return null;
}

/**
 * The places an address names, beyond its street: its town, the districts around it and the
 * region ("Av. de Roma 40, Alvalade, Lisboa" → Lisboa (town), Alvalade (district)).
 */
export function placesOf(
  address: string,
): { name: string; kind: 'town' | 'district' | 'region'; town: string | null }[] {
  const town = townOf(address);
  const found: { name: string; kind: 'town' | 'district' | 'region'; town: string | null }[] = [];
  if (town) found.push({ name: town, kind: 'town', town });
  for (const raw of address.split(',').slice(1)) {
    const part = cleanPart(raw);
    if (!part || part === town || /\d/.test(part)) continue;
    const kind = kindOfPart(part);
    if (kind === 'country') continue;
    if (kind === 'region') {
      if (!/^[A-Z]{2}$/.test(part)) found.push({ name: part, kind: 'region', town });
      continue;
    }
    if (!words().street.test(normalize(part))) found.push({ name: part, kind: 'district', town });
  }
  return found;
}

export { cleanPart as cleanAddressPart };
