import type { DealEvent, MailLanguage } from '@maya/contracts';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import {
  blockedBetween,
  chatMembers,
  messages,
  notificationSettings,
  pushSubscriptions,
  sessions,
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

/**
 * When sessions count as live: not past their absolute expiry at `now`, and seen after
 * `idleSince`. Sessions are checked lazily, so an expired one may still have its row.
 */
export interface SessionsLiveAt {
  now: Date;
  idleSince: Date;
}

/** What a push about a chat shows, read when it is sent. */
export interface PushMessage {
  senderFirstName: string;
  senderLastName: string;
  body: string;
  /** A deal's move (the chat draws it; its body is empty): said in words by the deals module. */
  dealEvent?: DealEvent;
  /** The recipient's choice for mails, which push follows: false leaves the text out. */
  messageText: boolean;
  language: MailLanguage;
}

export function createPushRepository(db: Database) {
  /**
   * Whether a subscription's session is live: the one that saved it, or, for one saved before
   * subscriptions named their session, any of its owner's.
   */
  const sessionLive = ({ now, idleSince }: SessionsLiveAt) =>
    sql`case when ${pushSubscriptions.sessionId} is null
      then exists (select 1 from ${sessions} s where s.user_id = ${pushSubscriptions.userId}
        and s.expires_at > ${now} and s.last_seen_at > ${idleSince})
      else ${sessions.expiresAt} > ${now} and ${sessions.lastSeenAt} > ${idleSince} end`;

  /**
   * The subscriptions matching `condition` whose account is live (none of a deleted one) and whose
   * session is live.
   */
  const liveSubscriptions = (condition: SQL, live: SessionsLiveAt) =>
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
      .leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
      .where(and(condition, sql`${users.deletedAt} is null`, sessionLive(live)));

  return {
    /**
     * Saves a browser's subscription for `userId`, bound to the session `sessionId` that saved it:
     * the same endpoint is updated (and moves to this person and session, the browser's latest);
     * beyond `limit` subscriptions, the oldest go. One transaction, so two saves at once keep the
     * limit.
     */
    async saveSubscription(
      userId: string,
      sessionId: string,
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
          .values({ id: uuidv7(), userId, sessionId, ...subscription })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpointKey,
            // Saved again, it was checked again: deliveries resume.
            set: {
              userId,
              sessionId,
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

    /** The person's subscription by that key, turned off or not, while its session is live. */
    async findSubscription(
      userId: string,
      endpointKey: string,
      live: SessionsLiveAt,
    ): Promise<StoredPushSubscription | undefined> {
      const [row] = await liveSubscriptions(
        and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointKey, endpointKey))!,
        live,
      );
      return row;
    },

    /**
     * Deletes the person's subscription; false when they have none by that key, or its session
     * has ended (it is then as good as gone, and goes with the session's row).
     */
    async deleteSubscription(
      userId: string,
      endpointKey: string,
      live: SessionsLiveAt,
    ): Promise<boolean> {
      const [row] = await liveSubscriptions(
        and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointKey, endpointKey))!,
        live,
      );
      if (!row) return false;
      const deleted = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return deleted.length > 0;
    },

    /**
     * The subscriptions of a live account (none for a deleted one) whose session is live, those
     * turned off too.
     */
    async findSubscriptionsOf(
      userId: string,
      live: SessionsLiveAt,
    ): Promise<StoredPushSubscription[]> {
      return liveSubscriptions(eq(pushSubscriptions.userId, userId), live);
    },

    /** The subscriptions of a live account and session that deliveries still go to. */
    async findActiveSubscriptionsOf(
      userId: string,
      live: SessionsLiveAt,
    ): Promise<StoredPushSubscription[]> {
      return liveSubscriptions(
        and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.disabledAt))!,
        live,
      );
    },

    /** A subscription deliveries still go to, of a live account and session. */
    async findActiveSubscriptionById(
      id: string,
      live: SessionsLiveAt,
    ): Promise<StoredPushSubscription | undefined> {
      const [row] = await liveSubscriptions(
        and(eq(pushSubscriptions.id, id), isNull(pushSubscriptions.disabledAt))!,
        live,
      );
      return row;
    },

    async deleteSubscriptionsOf(userId: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /**
     * Deletes the person's subscriptions saved before subscriptions named their session: which
     * device holds them is unknown, so they end whenever other sessions are ended for safety.
     */
    async deleteUnboundSubscriptionsOf(userId: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.sessionId)));
    },

    /** Deletes the subscriptions saved before they named their session whose owner has none live. */
    async deleteOrphanedUnboundSubscriptions(live: SessionsLiveAt): Promise<void> {
      await db.delete(pushSubscriptions).where(
        and(
          isNull(pushSubscriptions.sessionId),
          sql`not exists (select 1 from ${sessions} s where s.user_id = ${pushSubscriptions.userId}
              and s.expires_at > ${live.now} and s.last_seen_at > ${live.idleSince})`,
        ),
      );
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
        deal_event: DealEvent | null;
        message_text: boolean | null;
        language: MailLanguage | null;
      }>(
        db,
        sql`select su.first_name, su.last_name, x.body, x.deal_event, s.message_text, s.language
            from ${chatMembers} m
            join ${messages} x on x.chat_id = m.chat_id and x.sender_id <> m.user_id
              and (m.last_read_message_id is null or x.id > m.last_read_message_id)
              and (m.hidden_at is null or x.created_at > m.hidden_at)
            join ${users} su on su.id = x.sender_id
            left join ${notificationSettings} s on s.user_id = m.user_id
            where m.user_id = ${userId} and m.chat_id = ${chatId}
              and not ${blockedBetween(sql`m.user_id`, sql`x.sender_id`)}
            order by x.id desc
            limit 1`,
      );
      if (!row) return undefined;
      return {
        senderFirstName: row.first_name,
        senderLastName: row.last_name,
        body: row.body,
        ...(row.deal_event && { dealEvent: row.deal_event }),
        messageText: row.message_text ?? true,
        language: row.language ?? 'en',
      };
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
