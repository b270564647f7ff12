import type { Sector } from '@maya/contracts';
import type { NewUserRow } from '../schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';
import { cities, demoData, streets } from './demo-data.js';

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

/**
 * The demo's businesses in the order `demo.json` lists them; past its end (a benchmark's hundred
 * thousand) the list repeats, each round one city further on, as a branch named after its city.
 */
export function generateSellers(count: number, options: GenerateOptions): GeneratedUser[] {
  const { random, passwordHash } = options;
  const now = options.now ?? Date.now();
  const { businesses } = demoData;
  const result: GeneratedUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const business = businesses[index % businesses.length]!;
    const round = Math.floor(index / businesses.length);
    const home = cities.findIndex((city) => city.name === business.city);
    const city = cities[(home + round) % cities.length]!;
    const name = round === 0 ? business.name : `${business.name} ${city.name}`;
    const [firstName, ...rest] = name.split(' ');
    const createdAt = new Date(now - (count - index) * 3_600_000);
    result.push({
      id: uuidv7(createdAt.getTime()),
      role: 'seller',
      email: `${slug(name)}-${index}@demo.mayamarket.example`,
      passwordHash,
      firstName: firstName!,
      lastName: rest.join(' '),
      description: `${business.description} Based in ${city.name}.`,
      category: business.sector,
      address: `${1 + Math.floor(random() * 200)} ${pick(streets, random)}, ${city.name}, ${city.country}`,
      lat: jitter(city.lat, random),
      lng: jitter(city.lng, random),
      createdAt,
      updatedAt: createdAt,
      // The demo's accounts are confirmed, as if each had followed its mailed link.
      emailVerifiedAt: createdAt,
      // Every demo business sells as a business does: a trader under EU consumer law.
      trader: true,
    });
  }
  return result;
}

export function generateBuyers(count: number, options: GenerateOptions): GeneratedUser[] {
  const { random, passwordHash } = options;
  const now = options.now ?? Date.now();
  return Array.from({ length: count }, (_, index) => {
    const { firstName, lastName } = demoData.clients[index % demoData.clients.length]!;
    const city = cities[index % cities.length]!;
    const createdAt = new Date(now - (count - index) * 5_400_000);
    return {
      id: uuidv7(createdAt.getTime()),
      role: 'buyer' as const,
      email: `${slug(`${firstName}.${lastName}`)}${index === 0 ? '' : `-${index}`}@demo.mayamarket.example`,
      passwordHash,
      firstName,
      lastName,
      description: pick(demoData.clientNeeds, random),
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
  return (category && demoData.sectorColours[category]) || ['#1a237e', '#5c6bc0'];
}
