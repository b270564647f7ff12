import type { MailLanguage } from '@maya/contracts';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import {
  chatMembers,
  messages,
  notificationSettings,
  pushSubscriptions,
  users,
} from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/uuid.js';

/** A subscription as web push needs it to deliver, with whom it belongs to. */
export interface StoredPushSubscription {
  id: string;
  userId: string;
  endpoint: string;
  endpointKey: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

/** What a push about a chat shows, read when it is sent. */
export interface PushMessage {
  senderFirstName: string;
  senderLastName: string;
  body: string;
  /** The recipient's choice for mails, which push follows: false leaves the text out. */
  messageText: boolean;
  language: MailLanguage;
}

export function createPushRepository(db: Database) {
  /** The subscriptions matching `condition` whose account is live (none of a deleted one). */
  const liveSubscriptions = (condition: SQL) =>
    db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        endpointKey: pushSubscriptions.endpointKey,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        createdAt: pushSubscriptions.createdAt,
      })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(and(condition, sql`${users.deletedAt} is null`));

  return {
    /**
     * Saves a browser's subscription for `userId`: the same endpoint is updated (and moves to this
     * person, the browser's latest owner); beyond `limit` subscriptions, the oldest go. One
     * transaction, so two saves at once keep the limit.
     */
    async saveSubscription(
      userId: string,
      subscription: { endpoint: string; endpointKey: string; p256dh: string; auth: string },
      limit: number,
    ): Promise<{ row: StoredPushSubscription; created: boolean }> {
      return db.transaction(async (tx) => {
        // Serialises one person's saves, so the count below holds.
        await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
        const [existing] = await tx
          .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpointKey, subscription.endpointKey));
        const [row] = await tx
          .insert(pushSubscriptions)
          .values({ id: uuidv7(), userId, ...subscription })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpointKey,
            // Saved again, it was checked again: deliveries resume.
            set: {
              userId,
              p256dh: subscription.p256dh,
              auth: subscription.auth,
              failures: 0,
              lastFailureAt: null,
              disabledAt: null,
            },
          })
          .returning();
        const mine = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
        const extra = mine
          .filter((item) => item.id !== row!.id)
          .slice(0, Math.max(0, mine.length - limit));
        if (extra.length > 0) {
          await tx.delete(pushSubscriptions).where(
            inArray(
              pushSubscriptions.id,
              extra.map((item) => item.id),
            ),
          );
        }
        return { row: row!, created: existing?.userId !== userId };
      });
    },

    async findSubscription(
      userId: string,
      endpointKey: string,
    ): Promise<StoredPushSubscription | undefined> {
      const [row] = await db
        .select()
        .from(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointKey, endpointKey)),
        );
      return row;
    },

    /** Deletes the person's subscription; false when they have none by that key. */
    async deleteSubscription(userId: string, endpointKey: string): Promise<boolean> {
      const deleted = await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointKey, endpointKey)),
        )
        .returning({ id: pushSubscriptions.id });
      return deleted.length > 0;
    },

    /** The subscriptions of a live account (none for a deleted one), those turned off too. */
    async findSubscriptionsOf(userId: string): Promise<StoredPushSubscription[]> {
      return liveSubscriptions(eq(pushSubscriptions.userId, userId));
    },

    /** The subscriptions of a live account that deliveries still go to. */
    async findActiveSubscriptionsOf(userId: string): Promise<StoredPushSubscription[]> {
      return liveSubscriptions(
        and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.disabledAt))!,
      );
    },

    /** A subscription deliveries still go to, of a live account. */
    async findActiveSubscriptionById(id: string): Promise<StoredPushSubscription | undefined> {
      const [row] = await liveSubscriptions(
        and(eq(pushSubscriptions.id, id), isNull(pushSubscriptions.disabledAt))!,
      );
      return row;
    },

    async deleteSubscriptionsOf(userId: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /**
     * No more deliveries to this subscription: its push service said it is gone (404, 410), or
     * its address is no longer allowed. The row stays, so its owner sees it as before.
     */
    async disableSubscription(id: string): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ disabledAt: new Date() })
        .where(eq(pushSubscriptions.id, id));
    },

    async recordDelivery(id: string, ok: boolean): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set(
          ok
            ? { failures: 0, lastSuccessAt: new Date() }
            : { failures: sql`${pushSubscriptions.failures} + 1`, lastFailureAt: new Date() },
        )
        .where(eq(pushSubscriptions.id, id));
    },

    /**
     * The newest message of the chat's partner that `userId` has not read (after what they hid),
     * with the sender's name and the person's choice about message text; none when all is read.
     */
    async findUnreadMessage(userId: string, chatId: string): Promise<PushMessage | undefined> {
      const [row] = await selectRows<{
        first_name: string;
        last_name: string;
        body: string;
        message_text: boolean | null;
        language: MailLanguage | null;
      }>(
        db,
        sql`select su.first_name, su.last_name, x.body, s.message_text, s.language
            from ${chatMembers} m
            join ${messages} x on x.chat_id = m.chat_id and x.sender_id <> m.user_id
              and (m.last_read_message_id is null or x.id > m.last_read_message_id)
              and (m.hidden_at is null or x.created_at > m.hidden_at)
            join ${users} su on su.id = x.sender_id
            left join ${notificationSettings} s on s.user_id = m.user_id
            where m.user_id = ${userId} and m.chat_id = ${chatId}
            order by x.id desc
            limit 1`,
      );
      if (!row) return undefined;
      return {
        senderFirstName: row.first_name,
        senderLastName: row.last_name,
        body: row.body,
        messageText: row.message_text ?? true,
        language: row.language ?? 'en',
      };
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
