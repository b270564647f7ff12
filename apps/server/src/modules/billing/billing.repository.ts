import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingEvents, users } from '../../db/schema/index.js';

export interface PlanChange {
  eventId: string;
  eventType: string;
  plan: 'free' | 'pro';
  /** Who paid: any of these that is known identifies the account. */
  userId?: string;
  customerId?: string;
  email?: string;
}

export type PlanChangeResult = 'applied' | 'duplicate' | 'no-account';

export function createBillingRepository(db: Database) {
  return {
    /**
     * Records the event and changes the plan in one transaction, so a redelivered event is
     * recognised by its id and never applied twice, and a failed update is retried whole.
     */
    async applyPlanChange(change: PlanChange): Promise<PlanChangeResult> {
      return db.transaction(async (tx) => {
        const recorded = await tx
          .insert(billingEvents)
          .values({ id: change.eventId, type: change.eventType })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id });
        if (recorded.length === 0) return 'duplicate';

        const match: SQL[] = [];
        if (change.userId) match.push(eq(users.id, change.userId));
        if (change.customerId) match.push(eq(users.billingCustomerId, change.customerId));
        if (change.email) match.push(sql`lower(${users.email}) = lower(${change.email})`);
        if (match.length === 0) return 'no-account';

        // The most specific identity wins: the account id, then the customer, then the email.
        const [target] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(isNull(users.deletedAt), or(...match)))
          .orderBy(
            sql`case when ${users.id} = ${change.userId ?? null}::uuid then 0 when ${users.billingCustomerId} = ${change.customerId ?? null} then 1 else 2 end`,
          )
          .limit(1);
        if (!target) return 'no-account';

        // A customer stays linked to the account it first paid for: a checkout it completes for
        // another account (named by its id) upgrades that account without moving the link,
        // which is unique.
        const linkedElsewhere =
          change.customerId !== undefined &&
          (
            await tx
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.billingCustomerId, change.customerId), ne(users.id, target.id)))
              .limit(1)
          ).length > 0;
        await tx
          .update(users)
          .set({
            plan: change.plan,
            ...(change.customerId && !linkedElsewhere
              ? { billingCustomerId: change.customerId }
              : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, target.id));
        return 'applied';
      });
    },

    /** Events without a plan change are still recorded, so their redelivery is recognised too. */
    async recordEvent(eventId: string, eventType: string): Promise<boolean> {
      const recorded = await db
        .insert(billingEvents)
        .values({ id: eventId, type: eventType })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return recorded.length > 0;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
