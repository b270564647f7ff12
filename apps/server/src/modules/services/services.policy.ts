import type { FromPrice, Service } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import type { LowestPrice, ServiceRow } from './services.repository.js';

/** A service as its business and its clients see it. */
export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceFrom: row.priceFrom,
    priceTo: row.priceTo,
    unit: row.unit,
    currency: row.currency,
  };
}

/** Only a business lists services; a client has none to list. */
export function mayListServices(actor: Actor): boolean {
  return actor.role === 'seller';
}

/**
 * A business's lowest starting price among `services`: in the currency of its first service
 * (a business rarely prices in two), ties to the one listed first. Undefined with no services.
 */
export function lowestPriceOf(services: Service[]): FromPrice | undefined {
  const currency = services[0]?.currency;
  let lowest: Service | undefined;
  for (const service of services) {
    if (service.currency !== currency) continue;
    if (!lowest || service.priceFrom < lowest.priceFrom) lowest = service;
  }
  return lowest && { amount: lowest.priceFrom, currency: lowest.currency, unit: lowest.unit };
}

export function toFromPrice(lowest: LowestPrice): FromPrice {
  return { amount: lowest.amount, currency: lowest.currency, unit: lowest.unit };
}
