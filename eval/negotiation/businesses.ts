import type { Currency } from '@maya/contracts';
import type { CardListing } from '../../apps/server/src/modules/negotiation/outbound-check.js';
import type { MayaService } from '../../apps/server/src/modules/negotiation/strategy.js';
import { createRandom } from '../../apps/server/src/db/seed/generate.js';

/** A business as Maya negotiates for it: its listing, what Maya may offer, its blocked days. */
export interface Business {
  name: string;
  currency: Currency;
  listing: CardListing;
  services: MayaService[];
  blockedDates: string[];
}

/** The instant every decision is made at. */
export const NOW = '2030-09-01T09:00:00.000Z';

const DAY_MS = 86_400_000;
export const dayAfterNow = (days: number) =>
  new Date(Date.parse(NOW) + days * DAY_MS).toISOString().slice(0, 10);

/** The seed's generator (mulberry32), so a seed gives the same run every time. */
export const seeded = createRandom;

const PROFILES: { name: string; currency: Currency; services: [string, string] }[] = [
  { name: 'Studio Luz', currency: 'EUR', services: ['Wedding photos', 'Portrait session'] },
  { name: 'Sabores do Rio', currency: 'BRL', services: ['Buffet para festa', 'Coffee break'] },
  { name: 'Obras Rápidas', currency: 'EUR', services: ['Bathroom refit', 'Painting a flat'] },
  { name: 'Beleza Pura', currency: 'BRL', services: ['Maquiagem de noiva', 'Penteado'] },
  { name: 'Hotel Miradouro', currency: 'EUR', services: ['Event room', 'Group dinner'] },
  { name: 'Criadores SP', currency: 'BRL', services: ['Campanha no Instagram', 'Vídeo curto'] },
];

/** Keep-backs as a share of the list price, per business: 0 twice, so the floor is offered. */
const KEEP_BACK_PERCENT = [0, 5, 10, 0, 12, 7];

/**
 * The businesses of a run, drawn from the seed: list prices in whole units, a floor at 55–80% of
 * the list (a multiple of 5 units, never equal to a listed price), a keep-back of 0–12%, and up to
 * two blocked days in the weeks requests fall in.
 */
export function businessesOf(seed: number): Business[] {
  const random = seeded(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  return PROFILES.map((profile, index) => {
    const ids = profile.services.map((_, n) => `svc-${index}-${n}`);
    const lists = ids.map(() => between(15, 150) * 1_000);
    const listed = new Set(lists);
    const services = ids.map((id, n): MayaService => {
      const list = lists[n]!;
      let floor = 0;
      do {
        floor = Math.round((list * (55 + between(0, 25))) / 100 / 500) * 500;
      } while (listed.has(floor) || floor === 203_000);
      const keepBack = Math.min(
        list - floor,
        Math.round((list * KEEP_BACK_PERCENT[index]!) / 100 / 100) * 100 + (index === 5 ? 33 : 0),
      );
      return { id, listPrice: list, currency: profile.currency, floor, keepBack };
    });
    const blocked =
      index % 3 === 0 ? [] : [dayAfterNow(between(12, 20)), dayAfterNow(between(21, 30))];
    return {
      name: profile.name,
      currency: profile.currency,
      services,
      blockedDates: [...new Set(blocked)].sort(),
      listing: {
        business: profile.name,
        services: services.map((service, n) => ({
          id: service.id,
          name: profile.services[n]!,
          priceFrom: service.listPrice,
          priceTo: null,
          currency: profile.currency,
        })),
      },
    };
  });
}
