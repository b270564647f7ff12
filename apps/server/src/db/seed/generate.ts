import { sectors, type Sector } from '@maya/contracts';
import type { NewUserRow } from '../schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { buyerNames, buyerNeeds, catalogue, cities, streets } from './demo-data.js';

/** A small deterministic PRNG (mulberry32), so the same seed gives the same marketplace. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Within about 6 km of the city centre, so distances inside one city differ. */
function jitter(value: number, random: () => number): number {
  return Math.round((value + (random() - 0.5) * 0.1) * 1e6) / 1e6;
}

export interface GeneratedUser extends NewUserRow {
  id: string;
  category: Sector | null;
}

export interface GenerateOptions {
  passwordHash: string;
  random: () => number;
  /** Spreads creation times into the past so "newest" ordering is meaningful. */
  now?: number;
}

export function generateSellers(count: number, options: GenerateOptions): GeneratedUser[] {
  const { random, passwordHash } = options;
  const now = options.now ?? Date.now();
  const result: GeneratedUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const category = sectors[index % sectors.length]!;
    const entry = catalogue[category];
    const city = cities[Math.floor(index / sectors.length) % cities.length]!;
    const [first, second] = entry.names[Math.floor(index / sectors.length) % entry.names.length]!;
    const round = Math.floor(index / (sectors.length * entry.names.length));
    const lastName = round === 0 ? second : `${second} ${city.name}`;
    const createdAt = new Date(now - (count - index) * 3_600_000);
    result.push({
      id: uuidv7(createdAt.getTime()),
      role: 'seller',
      email: `${slug(`${first}-${lastName}`)}-${index}@demo.mayamarket.example`,
      passwordHash,
      firstName: first,
      lastName,
      description: `${pick(entry.pitches, random)} Based in ${city.name}.`,
      category,
      address: `${1 + Math.floor(random() * 200)} ${pick(streets, random)}, ${city.name}, ${city.country}`,
      lat: jitter(city.lat, random),
      lng: jitter(city.lng, random),
      createdAt,
      updatedAt: createdAt,
      // The demo's accounts are confirmed, as if each had followed its mailed link.
      emailVerifiedAt: createdAt,
    });
  }
  return result;
}

export function generateBuyers(count: number, options: GenerateOptions): GeneratedUser[] {
  const { random, passwordHash } = options;
  const now = options.now ?? Date.now();
  return Array.from({ length: count }, (_, index) => {
    const [firstName, lastName] = buyerNames[index % buyerNames.length]!;
    const city = cities[index % cities.length]!;
    const createdAt = new Date(now - (count - index) * 5_400_000);
    return {
      id: uuidv7(createdAt.getTime()),
      role: 'buyer' as const,
      email: `${slug(`${firstName}.${lastName}`)}${index === 0 ? '' : `-${index}`}@demo.mayamarket.example`,
      passwordHash,
      firstName,
      lastName,
      description: pick(buyerNeeds, random),
      category: null,
      address: `${city.name}, ${city.country}`,
      lat: jitter(city.lat, random),
      lng: jitter(city.lng, random),
      createdAt,
      updatedAt: createdAt,
      emailVerifiedAt: createdAt,
    };
  });
}

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9.]+/g, '-')
    .replaceAll(/^-|-$/g, '');
}

export function sectorColours(category: Sector | null): [string, string] {
  return category ? catalogue[category].colours : ['#1a237e', '#5c6bc0'];
}
