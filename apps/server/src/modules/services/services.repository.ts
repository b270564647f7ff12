import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import {
  blockedBetween,
  fitsPrice,
  listed,
  services,
  users,
  type PriceFilter,
  type ServiceRow,
} from '../../db/schema/index.js';

export type { PriceFilter, ServiceRow };

/** The fields a business writes; the id, owner, position and times are the repository's. */
export type ServiceFields = Pick<
  ServiceRow,
  'name' | 'description' | 'priceFrom' | 'priceTo' | 'unit' | 'currency'
>;

/** A business's lowest starting price, as a directory card shows it. */
export interface LowestPrice {
  amount: number;
  currency: ServiceRow['currency'];
  unit: ServiceRow['unit'];
}

const inOrder = [asc(services.position), asc(services.id)];

/** A business's services: its own list, the public one, and the lowest prices the cards show. */
export function createServicesRepository(db: Database) {
  // Writes of one business's list lock its row in `users` first, so they take turns.
  const ownerLock = (userId: string) =>
    sql`select 1 from ${users} where ${users.id} = ${userId} for update`;

  return {
    /** The owner's services in their order. */
    findByOwner(userId: string): Promise<ServiceRow[]> {
      return db
        .select()
        .from(services)
        .where(eq(services.userId, userId))
        .orderBy(...inOrder);
    },

    async findById(id: string): Promise<ServiceRow | undefined> {
      const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
      return row;
    },

    /**
     * The services of a business as `viewerId` may see them: a business that is listed (its
     * owner sees its own always) with no block either way between the two; undefined when the
     * business is not shown to the viewer.
     */
    async findShown(
      businessId: string,
      viewerId: string | undefined,
    ): Promise<ServiceRow[] | undefined> {
      const [business] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, businessId),
            eq(users.role, 'seller'),
            viewerId === businessId ? isNull(users.deletedAt) : listed(),
            viewerId && viewerId !== businessId
              ? sql`not ${blockedBetween(sql`${viewerId}::uuid`, users.id)}`
              : undefined,
          ),
        )
        .limit(1);
      if (!business) return undefined;
      return this.findByOwner(businessId);
    },

    /**
     * Adds a service at the end of the owner's list, unless the list already holds `max`:
     * undefined then. The owner's row is locked, so two adds at once cannot both pass the count.
     */
    insert(
      row: ServiceFields & { id: string; userId: string; at: Date },
      max: number,
    ): Promise<ServiceRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(ownerLock(row.userId));
        const [counted] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            last: sql<number>`coalesce(max(${services.position}), -1)::int`,
          })
          .from(services)
          .where(eq(services.userId, row.userId));
        if ((counted?.count ?? 0) >= max) return undefined;
        const { at, ...fields } = row;
        const [inserted] = await tx
          .insert(services)
          .values({
            ...fields,
            position: (counted?.last ?? -1) + 1,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        return inserted;
      });
    },

    /** Replaces the fields of the owner's service; undefined when it is not theirs. */
    async update(
      userId: string,
      id: string,
      fields: ServiceFields,
      at: Date,
    ): Promise<ServiceRow | undefined> {
      const [row] = await db
        .update(services)
        .set({ ...fields, updatedAt: at })
        .where(and(eq(services.id, id), eq(services.userId, userId)))
        .returning();
      return row;
    },

    /** Whether the owner had that service to delete. */
    async delete(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(services)
        .where(and(eq(services.id, id), eq(services.userId, userId)))
        .returning({ id: services.id });
      return removed.length > 0;
    },

    /**
     * Puts the owner's services in the order of `ids`, which must name each of them once: false
     * (nothing changed) when it does not.
     */
    reorder(userId: string, ids: string[], at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(ownerLock(userId));
        const current = await tx
          .select({ id: services.id })
          .from(services)
          .where(eq(services.userId, userId));
        const owned = new Set(current.map((row) => row.id));
        if (owned.size !== ids.length || !ids.every((id) => owned.has(id))) return false;
        if (ids.length === 0) return true;
        const position = sql.join(
          [
            sql`case ${services.id}`,
            ...ids.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
            sql`end`,
          ],
          sql` `,
        );
        await tx
          .update(services)
          .set({ position, updatedAt: at })
          .where(and(eq(services.userId, userId), inArray(services.id, ids)));
        return true;
      });
    },

    /**
     * Per business, the lowest starting price among its services that fit `filter`, or, with no
     * filter, among those in the currency of its first service; ties to the one listed first.
     */
    async findLowest(
      userIds: string[],
      filter: PriceFilter | undefined,
    ): Promise<Map<string, LowestPrice>> {
      if (userIds.length === 0) return new Map();
      const ids = sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const fitting = filter
        ? fitsPrice('candidate', filter)
        : sql`candidate.currency = (select first.currency from ${services} as first where first.user_id = candidate.user_id order by first.position, first.id limit 1)`;
      const rows = await selectRows<{
        user_id: string;
        price_from: number;
        unit: ServiceRow['unit'];
        currency: ServiceRow['currency'];
      }>(
        db,
        sql`select distinct on (candidate.user_id) candidate.user_id, candidate.price_from, candidate.unit, candidate.currency
            from ${services} as candidate
            where candidate.user_id in (${ids}) and ${fitting}
            order by candidate.user_id, candidate.price_from, candidate.position, candidate.id`,
      );
      return new Map(
        rows.map((row) => [
          row.user_id,
          { amount: Number(row.price_from), unit: row.unit, currency: row.currency },
        ]),
      );
    },

    /** Every service of the account: a deletion leaves none. */
    async deleteAllOf(userId: string): Promise<void> {
      await db.delete(services).where(eq(services.userId, userId));
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
