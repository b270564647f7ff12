import { createHash } from 'node:crypto';
import {
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushConfig,
  type PushSubscription,
  type PushSubscriptionBody,
  type DealEvent,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { localeOf, wordsFor, type Locale } from '../../lib/i18n/index.js';
import { sentenceFor } from '../../lib/i18n/sentences.js';
import { OutboundRefused, type OutboundGuard, type OutboundPolicy } from '../../lib/outbound.js';
import { describeError } from '../../lib/redact.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type {
  PushMessage,
  PushRepository,
  SessionsLiveAt,
  StoredPushSubscription,
} from './push.repository.js';

export const PUSH_QUEUE = 'push-messages';

/**
 * A new message's push: ids only, what it shows is read when it is sent. A notice's push (Maya
 * handing a negotiation over) carries its words, written in the recipient's language when queued.
 */
type PushJob =
  | { subscriptionId: string; chatId: string; notice?: undefined }
  | { subscriptionId: string; chatId: string; notice: PushPayload };

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Why a delivery failed: the subscription is gone (404, 410), refused (another 4xx, or a
 * redirect, which is not followed), blocked (its address is no longer allowed: nothing was sent)
 * or an error (429, 5xx, unreachable; retried).
 */
export type PushFailure = 'gone' | 'refused' | 'blocked' | 'error';

/** The longest message text a notification quotes. */
const TEXT_LENGTH = 120;
/** How long a push service keeps a notification for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** The one answer to an endpoint the server will not send to, whatever the reason. */
const ENDPOINT_REFUSED = { key: 'errors:notifications.endpoint' };

/** What the service worker shows (apps/web/src/service-worker/sw.ts reads the same fields). */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

/** A deal's move in words, by the one who made it, in a locale (the deals module's lines). */
export type DescribeDealMove = (event: DealEvent, actorName: string, locale: Locale) => string;

export function pushPayload(
  chatId: string,
  message: PushMessage,
  describeDealMove?: DescribeDealMove,
): PushPayload {
  const locale = localeOf(message.language) ?? 'en';
  const t = wordsFor(locale, 'notifications');
  const name = `${message.senderFirstName} ${message.senderLastName}`.trim();
  const said =
    message.dealEvent && describeDealMove
      ? describeDealMove(message.dealEvent, name, locale)
      : message.body;
  const body = said.replace(/\s+/g, ' ').trim();
  return {
    title: t('push.title', { name }),
    body: !message.messageText
      ? t('push.noText')
      : body.length > TEXT_LENGTH
        ? `${body.slice(0, TEXT_LENGTH - 1).trimEnd()}…`
        : body,
    // One notification per chat: a newer message replaces the one shown.
    tag: `chat:${chatId}`,
    url: `/inbox/${chatId}`,
  };
}

/** A subscription's name in URLs: SHA-256 of its endpoint, base64url. */
export const endpointKey = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('base64url');

/** Where a push went, for logs: the push service's origin, never the browser's path or keys. */
const serviceOf = (endpoint: string) => new URL(endpoint).origin;

export interface PushServiceDependencies {
  repository: PushRepository;
  jobs: JobQueue;
  /** Unset: web push is off, nothing is queued and the setting is not offered. */
  vapid: VapidKeys | undefined;
  /** Every request to an endpoint goes through it: when it is saved, and at each delivery. */
  outbound: OutboundGuard;
  /** The ports an endpoint may be on (PUSH_ENDPOINT_PORTS). */
  endpointPorts: readonly number[];
  /**
   * How long a session lives unused (the sessions' idle rule): a subscription is delivered to, and
   * shown to its owner, only while the session that saved it is live.
   */
  sessionIdleMs: number;
  /** Whether the person is online in that chat: the same rule the unread-message mail follows. */
  isOnline: (userId: string, chatId: string) => Promise<boolean>;
  /** A deal's move in words, for a push about one (its message has no text of its own). */
  describeDealMove?: DescribeDealMove;
  meters: { sent: () => void; failed: (reason: PushFailure) => void };
  log: {
    info(details: Record<string, unknown>, message: string): void;
    warn(details: Record<string, unknown>, message: string): void;
  };
}

/**
 * Web push about new messages: a browser's subscription is saved for its owner; a message queues a
 * job per subscription of the recipient, which, when the recipient is not in that chat and has not
 * read it, encrypts the notification for the browser (web-push, RFC 8291 aes128gcm, signed with
 * VAPID) and posts it to the browser's push service.
 */
export function createPushService({
  repository,
  jobs,
  vapid,
  outbound,
  endpointPorts,
  sessionIdleMs,
  isOnline,
  describeDealMove,
  meters,
  log,
}: PushServiceDependencies) {
  const liveNow = (): SessionsLiveAt => {
    const now = Date.now();
    return { now: new Date(now), idleSince: new Date(now - sessionIdleMs) };
  };

  const requireConfigured = (): VapidKeys => {
    if (!vapid) throw new AppError('NOT_FOUND', { key: 'errors:notifications.pushOff' });
    return vapid;
  };

  const endpointPolicy: OutboundPolicy = { ports: endpointPorts };

  const answer = (row: StoredPushSubscription): PushSubscription => ({
    key: row.endpointKey,
    createdAt: row.createdAt.toISOString(),
  });

  /** Posts the encrypted notification; the push service's status decides what happens next. */
  async function post(subscription: StoredPushSubscription, payload: PushPayload, keys: VapidKeys) {
    // web-push loads with the first notification sent, not at start-up.
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(payload),
      {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        urgency: 'high',
        // A push service keeps one waiting notification per chat for an offline browser.
        topic: payload.tag.slice('chat:'.length).replaceAll('-', ''),
        contentEncoding: 'aes128gcm',
      },
    );
    // web-push builds the request (encryption, VAPID header); the outbound guard checks the
    // endpoint's addresses again (DNS may answer otherwise than when it was saved) and sends it.
    const sent = await outbound.send(subscription.endpoint, endpointPolicy, {
      method: 'POST',
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body,
      timeoutMs: SEND_TIMEOUT_MS,
    });
    return sent.status;
  }

  /** Runs when a job is due: one notification to one browser, unless it is no longer news. */
  async function deliver({ subscriptionId, chatId, notice }: PushJob): Promise<void> {
    const keys = vapid;
    if (!keys) return;
    // Gone, turned off, or its session ended (an expired session may still have its row).
    const subscription = await repository.findActiveSubscriptionById(subscriptionId, liveNow());
    if (!subscription) return;
    // Someone looking at the chat sees the message arrive; nothing to announce.
    if (await isOnline(subscription.userId, chatId)) return;
    let payload: PushPayload;
    if (notice) payload = notice;
    else {
      const message = await repository.findUnreadMessage(subscription.userId, chatId);
      if (!message) return;
      payload = pushPayload(chatId, message, describeDealMove);
    }
    const where = {
      push: notice ? 'notice' : 'new-message',
      service: serviceOf(subscription.endpoint),
    };

    let status: number;
    try {
      status = await post(subscription, payload, keys);
    } catch (error) {
      if (error instanceof OutboundRefused) {
        // The name now leads inside (or nowhere): nothing was sent, and nothing will be.
        meters.failed('blocked');
        await repository.disableSubscription(subscription.id);
        log.warn(
          { ...where, reason: error.reason },
          'a push endpoint is no longer allowed; nothing was sent and the subscription is off',
        );
        return;
      }
      meters.failed('error');
      await repository.recordDelivery(subscription.id, false);
      log.warn({ ...where, cause: describeError(error) }, 'a push notification was not sent');
      throw new Error(`the push service ${where.service} could not be reached`);
    }
    if (status >= 200 && status < 300) {
      meters.sent();
      await repository.recordDelivery(subscription.id, true);
      return;
    }
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again, so
      // nothing more is sent to it. The row stays, and its owner sees it as before: what an
      // endpoint answers is never told back to whoever saved it.
      meters.failed('gone');
      await repository.disableSubscription(subscription.id);
      log.info({ ...where, status }, 'a push subscription is gone; no more is sent to it');
      return;
    }
    const retry = status === 429 || status >= 500;
    meters.failed(retry ? 'error' : 'refused');
    await repository.recordDelivery(subscription.id, false);
    log.warn({ ...where, status }, 'a push notification was not sent');
    // A refusal (400, 401, 403, 413) would be refused again, and a redirect is not followed; a
    // busy service may answer later.
    if (retry) throw new Error(`the push service ${where.service} answered ${status}`);
  }

  return {
    /** Starts this process's worker on the queue (only when push is configured). */
    async start(): Promise<void> {
      if (!vapid) return;
      await jobs.define<PushJob>(
        PUSH_QUEUE,
        { policy: 'stately', retryLimit: 5, retryDelaySeconds: 15 },
        deliver,
      );
    },

    getConfig(_actor: Actor): PushConfig {
      return { publicKey: vapid?.publicKey ?? null };
    },

    async saveSubscription(
      actor: Actor,
      input: PushSubscriptionBody,
    ): Promise<{ subscription: PushSubscription; created: boolean }> {
      requireConfigured();
      try {
        await outbound.vet(input.endpoint, endpointPolicy);
      } catch (error) {
        if (!(error instanceof OutboundRefused)) throw error;
        // One answer for every reason, so the refusal tells nothing about what the name leads to.
        log.info(
          { push: 'endpoint-refused', service: serviceOf(input.endpoint), reason: error.reason },
          'a push endpoint was refused',
        );
        throw new AppError('ENDPOINT_NOT_ALLOWED', ENDPOINT_REFUSED, {
          endpoint: sentenceFor(ENDPOINT_REFUSED, 'en'),
        });
      }
      const { row, created } = await repository.saveSubscription(
        actor.userId,
        actor.sessionId,
        {
          endpoint: input.endpoint,
          endpointKey: endpointKey(input.endpoint),
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
        },
        PUSH_SUBSCRIPTIONS_PER_USER,
      );
      return { subscription: answer(row), created };
    },

    async getSubscription(actor: Actor, key: string): Promise<PushSubscription> {
      const row = await repository.findSubscription(actor.userId, key, liveNow());
      if (!row) throw new AppError('NOT_FOUND', { key: 'errors:notifications.notSubscribed' });
      return answer(row);
    },

    /** Only the owner's: anyone else's key is the same 404 as an unknown one. */
    async deleteSubscription(actor: Actor, key: string): Promise<void> {
      if (!(await repository.deleteSubscription(actor.userId, key, liveNow()))) {
        throw new AppError('NOT_FOUND', { key: 'errors:notifications.notSubscribed' });
      }
    },

    /** An account was deleted: its browsers get nothing more, and their addresses go. */
    async forgetAll(userId: string): Promise<void> {
      await repository.deleteSubscriptionsOf(userId);
    },

    /**
     * Other sessions of the person were ended (a password change or reset): subscriptions saved
     * before they named their session may be on any of those devices, so they end too.
     */
    async forgetUnbound(userId: string): Promise<void> {
      await repository.deleteUnboundSubscriptionsOf(userId);
    },

    /** Subscriptions saved before they named their session, of people with no live session. */
    async purgeUnbound(): Promise<void> {
      await repository.deleteOrphanedUnboundSubscriptions(liveNow());
    },

    /**
     * The person's browsers, for their data export: which push service and since when. The
     * address and the keys are the browser's capability and stay here.
     */
    async exportOwn(userId: string): Promise<{ pushService: string; createdAt: string }[]> {
      const subscriptions = await repository.findSubscriptionsOf(userId, liveNow());
      return subscriptions.map((subscription) => ({
        pushService: new URL(subscription.endpoint).origin,
        createdAt: subscription.createdAt.toISOString(),
      }));
    },

    /**
     * A notice about a chat for `userId` in words already written for them (Maya handing a
     * negotiation over): a job per browser of theirs, when push is on; none while they look at
     * the chat.
     */
    async notice(userId: string, chatId: string, payload: Omit<PushPayload, 'url'>) {
      if (!vapid) return;
      const subscriptions = await repository.findActiveSubscriptionsOf(userId, liveNow());
      for (const subscription of subscriptions) {
        const notice = { ...payload, url: `/inbox/${chatId}` };
        await jobs.send(
          PUSH_QUEUE,
          { subscriptionId: subscription.id, chatId, notice } satisfies PushJob,
          {
            singletonKey: `${subscription.id}:${payload.tag}`,
          },
        );
      }
    },

    /** A message was stored for `recipientId`: a job per browser of theirs, when push is on. */
    async messageSent({ chatId, recipientId }: { chatId: string; recipientId: string }) {
      if (!vapid) return;
      const subscriptions = await repository.findActiveSubscriptionsOf(recipientId, liveNow());
      for (const subscription of subscriptions) {
        await jobs.send(PUSH_QUEUE, { subscriptionId: subscription.id, chatId } satisfies PushJob, {
          singletonKey: `${subscription.id}:${chatId}`,
        });
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
