import demo from '../../../apps/server/src/db/seed/demo.json' with { type: 'json' };
import type { Sector, ServiceUnit } from '@maya/contracts';
import type { EvalSeller } from '../types.js';

/**
 * The demo's businesses of Lisbon, Porto, São Paulo and Rio with the services and prices the demo
 * gives them (`apps/server/src/db/seed/demo.json`), in their city's currency: the budget requests
 * with an amount are judged on these real prices. Keyed `demo-<name>`.
 */
const cities = new Map(demo.cities.map((city) => [city.name, city]));
const wanted = new Set(['Lisbon', 'Porto', 'São Paulo', 'Rio de Janeiro']);
const seen = new Set<string>();

export const priced: EvalSeller[] = demo.businesses.flatMap((business, index) => {
  const city = cities.get(business.city);
  if (!city || !wanted.has(city.name)) return [];
  // The demo lists some businesses twice, the second with its city in the name.
  if ([...seen].some((name) => business.name.startsWith(name))) return [];
  seen.add(business.name);
  const key = `demo-${business.name
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-|-$/g, '')}`;
  // Spread around the centre, a few hundred metres apart.
  const offset = ((index % 7) - 3) * 0.004;
  return [
    {
      key,
      name: business.name,
      sector: business.sector as Sector,
      address: `${city.name}, ${city.country}`,
      at: [city.lat + offset, city.lng - offset] as [number, number],
      description: business.description,
      services: business.services.map((service) => ({
        name: service.name,
        description: service.description,
        priceFrom: service.priceFrom,
        priceTo: 'priceTo' in service && service.priceTo ? service.priceTo : null,
        unit: service.unit as ServiceUnit,
        currency: city.currency as 'EUR' | 'BRL',
      })),
    },
  ];
});
