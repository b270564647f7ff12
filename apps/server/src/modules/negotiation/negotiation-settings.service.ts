import {
  DEFAULT_NEGOTIATION_SETTINGS,
  type NegotiationSettings,
  type NegotiationSettingsBody,
  type Service,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { NegotiationRepository, StoredSettings } from './negotiation.repository.js';
import type { MayaService } from './strategy.js';

const DAY_MS = 86_400_000;

/**
 * The first day still worth keeping blocked: yesterday in UTC, so a day that is still today
 * somewhere in Europe or Brazil is never dropped early.
 */
function firstKeptDay(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** Each day once, in order, none before `from`. */
function keptDays(days: readonly string[], from: string): string[] {
  return [...new Set(days)].filter((day) => day >= from).sort();
}

/** What the strategy reads for a business: the services Maya may offer and its other choices. */
export interface MayaSettings {
  enabled: boolean;
  /** Maya answers for a Pro business only. */
  available: boolean;
  answerAfterMinutes: number;
  atOnceWhenOffline: boolean;
  counterLimit: number;
  blockedDates: string[];
  services: MayaService[];
}

/**
 * A business's choices for Maya answering its quote requests (GET/PUT /me/negotiation). Only a
 * business has them; only its own session reads them, since they hold its floors. Maya answers
 * only for a Pro business, but any business may keep its choices ready.
 */
export function createNegotiationSettingsService({
  repository,
  services,
}: {
  repository: NegotiationRepository;
  /** The business's own services, to check each limit against its listed price. */
  services: { exportOwn(userId: string): Promise<Service[]> };
}) {
  function requireBusiness(actor: Actor): void {
    if (actor.role !== 'seller') {
      throw new AppError('FORBIDDEN', { key: 'errors:negotiation.businessOnly' });
    }
  }

  async function stored(businessId: string): Promise<StoredSettings> {
    const found = await repository.find(businessId);
    if (!found) throw new AppError('UNAUTHENTICATED', { key: 'errors:negotiation.noAccount' });
    return found;
  }

  function toSettings(found: StoredSettings, now: Date): NegotiationSettings {
    const available = found.plan === 'pro';
    const row = found.settings;
    if (!row) return { ...DEFAULT_NEGOTIATION_SETTINGS, available };
    return {
      enabled: row.enabled,
      available,
      answerAfterMinutes: row.answerAfterMinutes,
      atOnceWhenOffline: row.atOnceWhenOffline,
      counterLimit: row.counterLimit,
      blockedDates: keptDays(row.blockedDates, firstKeptDay(now)),
      services: found.limits.map(({ serviceId, floor, keepBack }) => ({
        serviceId,
        floor,
        keepBack,
      })),
    };
  }

  return {
    async get(actor: Actor, now = new Date()): Promise<NegotiationSettings> {
      requireBusiness(actor);
      return toSettings(await stored(actor.userId), now);
    },

    /**
     * Saves the business's choices whole. Refused: turning Maya on without the Pro plan; a
     * service that is not the business's; a floor plus keep-back above the service's listed
     * price (its `priceFrom`), since Maya opens there and concedes toward it. Past days are
     * dropped, and each day kept once.
     */
    async save(
      actor: Actor,
      body: NegotiationSettingsBody,
      now = new Date(),
    ): Promise<NegotiationSettings> {
      requireBusiness(actor);
      const found = await stored(actor.userId);
      if (body.enabled && found.plan !== 'pro') {
        throw new AppError('FORBIDDEN', { key: 'errors:negotiation.proOnly' });
      }
      const own = new Map((await services.exportOwn(actor.userId)).map((item) => [item.id, item]));
      const errors: Record<string, string> = {};
      body.services.forEach((limit, index) => {
        const service = own.get(limit.serviceId);
        if (!service) {
          errors[`services.${index}.serviceId`] = 'This service is not one of yours.';
        } else if (limit.floor + limit.keepBack > service.priceFrom) {
          errors[`services.${index}.floor`] =
            'The floor plus the keep-back must not be above the listed price.';
        }
      });
      if (Object.keys(errors).length > 0) {
        throw new AppError('VALIDATION_FAILED', { key: 'errors:negotiation.invalid' }, errors);
      }
      await repository.save(
        actor.userId,
        {
          enabled: body.enabled,
          answerAfterMinutes: body.answerAfterMinutes,
          atOnceWhenOffline: body.atOnceWhenOffline,
          counterLimit: body.counterLimit,
          blockedDates: keptDays(body.blockedDates, firstKeptDay(now)),
        },
        body.services,
        now,
      );
      return toSettings(await stored(actor.userId), now);
    },

    /**
     * What Maya's strategy reads for a business: its choices and, for each service she may offer,
     * the listed price beside the floor and keep-back. Never for a route.
     */
    async forStrategy(businessId: string, now = new Date()): Promise<MayaSettings | undefined> {
      const found = await repository.find(businessId);
      if (!found) return undefined;
      const settings = toSettings(found, now);
      const own = new Map((await services.exportOwn(businessId)).map((item) => [item.id, item]));
      return {
        enabled: settings.enabled,
        available: settings.available,
        answerAfterMinutes: settings.answerAfterMinutes,
        atOnceWhenOffline: settings.atOnceWhenOffline,
        counterLimit: settings.counterLimit,
        blockedDates: settings.blockedDates,
        services: settings.services.flatMap((limit) => {
          const service = own.get(limit.serviceId);
          return service
            ? [
                {
                  id: service.id,
                  listPrice: service.priceFrom,
                  currency: service.currency,
                  floor: limit.floor,
                  keepBack: limit.keepBack,
                },
              ]
            : [];
        }),
      };
    },

    /** The business's choices, in its data export (its own floors included). */
    async exportOwn(userId: string, now = new Date()): Promise<NegotiationSettings | null> {
      const found = await repository.find(userId);
      return found?.settings ? toSettings(found, now) : null;
    },

    deleteAllOf(userId: string): Promise<void> {
      return repository.deleteAllOf(userId);
    },
  };
}

export type NegotiationSettingsService = ReturnType<typeof createNegotiationSettingsService>;
