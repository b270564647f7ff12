import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  negotiationServiceLimits,
  negotiationSettings,
  services,
  users,
  type NegotiationServiceLimitsRow,
  type NegotiationSettingsRow,
} from '../../db/schema/index.js';

/** The settings' own fields, as the business writes them. */
export type SettingsFields = Pick<
  NegotiationSettingsRow,
  'enabled' | 'answerAfterMinutes' | 'atOnceWhenOffline' | 'counterLimit' | 'blockedDates'
>;
export type LimitsFields = Pick<NegotiationServiceLimitsRow, 'serviceId' | 'floor' | 'keepBack'>;

export interface StoredSettings {
  plan: 'free' | 'pro';
  /** Undefined until the business first saves its choices. */
  settings: NegotiationSettingsRow | undefined;
  /** In the order of the business's services. */
  limits: NegotiationServiceLimitsRow[];
}

/** Maya's settings for a business: its choices and the limits of the services she may offer. */
export function createNegotiationRepository(db: Database) {
  return {
    /** The business's plan, settings and limits; undefined for no such account. */
    async find(businessId: string): Promise<StoredSettings | undefined> {
      const [owner] = await db
        .select({ plan: users.plan })
        .from(users)
        .where(eq(users.id, businessId))
        .limit(1);
      if (!owner) return undefined;
      const [settings] = await db
        .select()
        .from(negotiationSettings)
        .where(eq(negotiationSettings.businessId, businessId))
        .limit(1);
      const limits = await db
        .select({ limits: negotiationServiceLimits })
        .from(negotiationServiceLimits)
        .innerJoin(services, eq(services.id, negotiationServiceLimits.serviceId))
        .where(eq(negotiationServiceLimits.businessId, businessId))
        .orderBy(asc(services.position), asc(services.id));
      return { plan: owner.plan, settings, limits: limits.map((row) => row.limits) };
    },

    /**
     * Writes the business's choices whole: the settings row, and exactly the limits given (the
     * others are dropped). The limits name only the business's own services: one of another's
     * is left out, and the answer says how many were written.
     */
    save(
      businessId: string,
      fields: SettingsFields,
      limits: LimitsFields[],
      at: Date,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx
          .insert(negotiationSettings)
          .values({ businessId, ...fields, updatedAt: at })
          .onConflictDoUpdate({
            target: negotiationSettings.businessId,
            set: { ...fields, updatedAt: at },
          });
        await tx
          .delete(negotiationServiceLimits)
          .where(eq(negotiationServiceLimits.businessId, businessId));
        if (limits.length === 0) return 0;
        const own = await tx
          .select({ id: services.id })
          .from(services)
          .where(
            and(
              eq(services.userId, businessId),
              inArray(
                services.id,
                limits.map((limit) => limit.serviceId),
              ),
            ),
          );
        const owned = new Set(own.map((row) => row.id));
        const rows = limits
          .filter((limit) => owned.has(limit.serviceId))
          .map((limit) => ({ ...limit, businessId }));
        if (rows.length > 0) await tx.insert(negotiationServiceLimits).values(rows);
        return rows.length;
      });
    },

    /** A deleted account keeps no settings (its anonymised row stays, so no cascade does it). */
    async deleteAllOf(businessId: string): Promise<void> {
      await db
        .delete(negotiationServiceLimits)
        .where(eq(negotiationServiceLimits.businessId, businessId));
      await db.delete(negotiationSettings).where(eq(negotiationSettings.businessId, businessId));
    },
  };
}

export type NegotiationRepository = ReturnType<typeof createNegotiationRepository>;
