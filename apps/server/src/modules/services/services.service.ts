import {
  SERVICE_LIMITS,
  type FromPrice,
  type Service,
  type ServiceBody,
  type Services,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { uuidv7 } from '../../lib/uuid.js';
import { lowestPriceOf, mayListServices, toFromPrice, toService } from './services.policy.js';
import type { PriceFilter, ServicesRepository } from './services.repository.js';

export type { PriceFilter };

/** What a client may read of a business's prices: its services, and the lowest starting price. */
export interface PriceList {
  services: Service[];
  /** Undefined when the business lists no price. */
  fromPrice: FromPrice | undefined;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { key: 'errors:services.notFound' });
}

/**
 * A business's services with their prices: the owner writes them (`/me/services`), everyone who
 * may see the business reads them (its profile, the directory's cards, Maya). Every write checks
 * that the caller is a business and owns the service; another's service is NOT_FOUND, as an
 * unknown id is.
 */
export function createServicesService({ repository }: { repository: ServicesRepository }) {
  function requireBusiness(actor: Actor): void {
    if (!mayListServices(actor)) {
      throw new AppError('FORBIDDEN', { key: 'errors:services.businessOnly' });
    }
  }

  return {
    /** The caller's own services, in their order. */
    async listOwn(actor: Actor): Promise<Services> {
      requireBusiness(actor);
      return { items: (await repository.findByOwner(actor.userId)).map(toService) };
    },

    /** Adds a service at the end of the caller's list (at most `SERVICE_LIMITS.perBusiness`). */
    async createService(actor: Actor, body: ServiceBody, now = new Date()): Promise<Service> {
      requireBusiness(actor);
      const row = await repository.insert(
        { ...body, id: uuidv7(now.getTime()), userId: actor.userId, at: now },
        SERVICE_LIMITS.perBusiness,
      );
      if (!row) {
        throw new AppError('CONFLICT', {
          key: 'errors:services.full',
          values: { limit: SERVICE_LIMITS.perBusiness },
        });
      }
      return toService(row);
    },

    /** Replaces one of the caller's services. */
    async updateService(
      actor: Actor,
      id: string,
      body: ServiceBody,
      now = new Date(),
    ): Promise<Service> {
      requireBusiness(actor);
      const row = await repository.update(actor.userId, id, body, now);
      if (!row) throw notFound();
      return toService(row);
    },

    /** Deletes one of the caller's services. */
    async deleteService(actor: Actor, id: string): Promise<void> {
      requireBusiness(actor);
      if (!(await repository.delete(actor.userId, id))) throw notFound();
    },

    /** Puts the caller's services in the order given, which names every one of them once. */
    async orderServices(actor: Actor, ids: string[], now = new Date()): Promise<Services> {
      requireBusiness(actor);
      if (!(await repository.reorder(actor.userId, ids, now))) {
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'errors:services.order' },
          { ids: 'Name each of your services once.' },
        );
      }
      return this.listOwn(actor);
    },

    /**
     * A business's services and its lowest starting price, as `viewer` may see them: NOT_FOUND
     * when the business is not shown to the viewer (unknown, a client, hidden or suspended by an
     * operator, or a block either way). The profile reads it, and it is Maya's way to a
     * business's real prices.
     */
    async findPriceList(viewer: Actor | null, businessId: string): Promise<PriceList> {
      const rows = await repository.findShown(businessId, viewer?.userId);
      if (!rows) throw notFound();
      const services = rows.map(toService);
      return { services, fromPrice: lowestPriceOf(services) };
    },

    /**
     * The lowest starting price of each business of a directory page, among its services that fit
     * the search's price filter, or, with none, in the currency of its first service. The page's
     * query has already left out whoever the viewer may not see.
     */
    async findFromPrices(
      businessIds: string[],
      filter?: PriceFilter,
    ): Promise<Map<string, FromPrice>> {
      const lowest = await repository.findLowest(businessIds, filter);
      return new Map([...lowest].map(([id, price]) => [id, toFromPrice(price)]));
    },

    /** The account's own services, for its data export. */
    async exportOwn(userId: string): Promise<Service[]> {
      return (await repository.findByOwner(userId)).map(toService);
    },

    /** A deleted account lists nothing. */
    deleteAllOf(userId: string): Promise<void> {
      return repository.deleteAllOf(userId);
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
