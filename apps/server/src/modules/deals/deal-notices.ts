import {
  dealLimits,
  settleDeal,
  standingVersion,
  type DealEvent,
  type DealParty,
} from '@maya/contracts';
import { localeOf, wordsFor, type Locale } from '../../lib/i18n/index.js';
import type { Mail } from '../../lib/mailer.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { dayText, requestText, termsText } from './deal-words.js';
import type { DealRecord, DealsRepository } from './deals.repository.js';
import { toDealState } from './deals.service.js';

export const DEAL_NOTICES_QUEUE = 'deal-notices';

const HOUR_MS = 3_600_000;
/** How long before an offer lapses its reader is told: a day, or half its life if shorter. */
export const OFFER_NOTICE_LEAD_MS = 24 * HOUR_MS;

/** A notice's job: ids only (the deal is read, and settled, when it runs). */
export type DealNoticeJob =
  | { kind: 'offer-lapsing'; dealId: string; version: number }
  | { kind: 'request-lapsed'; dealId: string };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface DealNoticesDependencies {
  repository: Pick<DealsRepository, 'findById'>;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'mailNotice'>;
  blocks: Pick<BlocksService, 'isBlockedBetween'>;
  directory: Pick<DirectoryService, 'findChatPartners'>;
  publicUrl: string;
  now?: () => Date;
}

/**
 * The notices a deal's clock calls for, sent by the job queue: an offer about to lapse (to the
 * side whose turn it is) and a request that lapsed with no offer (to the buyer). A move queues
 * its notice for when it is due; when the job runs, the deal is read and settled at that moment,
 * and the notice goes only if it still holds (nobody answered, nothing newer stands, no block
 * between the two). The lapse itself is never the job's: it is decided when the deal is read.
 */
export function createDealNotices({
  repository,
  jobs,
  notifications,
  blocks,
  directory,
  publicUrl,
  now = () => new Date(),
}: DealNoticesDependencies) {
  /** When the notice of a move is due, if it calls for one. */
  function noticeOf(event: DealEvent, dealId: string): { job: DealNoticeJob; at: Date } | null {
    switch (event.kind) {
      case 'offer_made':
      case 'offer_countered':
      case 'offer_updated': {
        const sent = Date.parse(event.version.sentAt);
        const lapses = Date.parse(event.version.validUntil);
        const lead = Math.min(OFFER_NOTICE_LEAD_MS, (lapses - sent) / 2);
        return {
          job: { kind: 'offer-lapsing', dealId, version: event.version.number },
          at: new Date(lapses - lead),
        };
      }
      case 'quote_requested':
        // A moment after the request's last open instant: read then, it has lapsed.
        return {
          job: { kind: 'request-lapsed', dealId },
          at: new Date(Date.parse(event.request.expiresAt) + 1000),
        };
      default:
        return null;
    }
  }

  const keyOf = (job: DealNoticeJob) =>
    job.kind === 'offer-lapsing'
      ? `${job.dealId}:${job.kind}:${job.version}`
      : `${job.dealId}:${job.kind}`;

  function mail(
    locale: Locale,
    lines: { subject: string; body: string; open: string; link: string },
    links: { unsubscribeUrl: string; accountUrl: string },
    firstName: string,
  ): Omit<Mail, 'to' | 'headers' | 'kind'> {
    const t = wordsFor(locale, 'deals');
    const hello = wordsFor(locale, 'auth')('hello', { name: firstName });
    const text = [
      hello,
      '',
      lines.body,
      '',
      `${lines.open}: ${lines.link}`,
      '',
      t('notices.why'),
      links.accountUrl,
      `${t('notices.unsubscribe')}: ${links.unsubscribeUrl}`,
    ].join('\n');
    const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(lines.body)}</p>
<p><a href="${escapeHtml(lines.link)}">${escapeHtml(lines.open)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t('notices.why'))} <a href="${escapeHtml(links.accountUrl)}">${escapeHtml(links.accountUrl)}</a><br>
<a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(t('notices.unsubscribe'))}</a></p>
</body></html>`;
    return { subject: lines.subject, text, html, link: lines.link };
  }

  /** The notice of a job, if it still holds: to whom, and what it says. */
  async function send(job: DealNoticeJob): Promise<boolean> {
    const record: DealRecord | undefined = await repository.findById(job.dealId);
    if (!record) return false;
    const { deal } = record;
    if (await blocks.isBlockedBetween(deal.buyerId, deal.sellerId)) return false;
    const at = now();
    const state = settleDeal(toDealState(record), at).state;
    const people = await directory.findChatPartners([deal.buyerId, deal.sellerId]);
    const nameOf = (party: DealParty) =>
      people.get(party === 'buyer' ? deal.buyerId : deal.sellerId)?.fullName ?? '';
    const chatLink = new URL(`/inbox/${deal.chatId}`, publicUrl).toString();

    if (job.kind === 'offer-lapsing') {
      const standing = standingVersion(state);
      const open = state.status === 'offered' || state.status === 'countered';
      if (!open || standing?.number !== job.version) return false;
      // The side that answers the standing version: the buyer an offer, the business a counter.
      const reader: DealParty = standing.by === 'business' ? 'buyer' : 'business';
      return notifications.mailNotice(
        reader === 'buyer' ? deal.buyerId : deal.sellerId,
        'deal-offer-lapsing',
        (recipient, links) => {
          const locale = localeOf(recipient.language) ?? 'en';
          const t = wordsFor(locale, 'deals');
          const date = dayText(standing.validUntil, locale);
          return mail(
            locale,
            {
              subject: t('notices.offerLapsing.subject', {
                title: standing.terms.title,
                when: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
                  Math.max(
                    1,
                    Math.round((Date.parse(standing.validUntil) - at.getTime()) / HOUR_MS),
                  ),
                  'hour',
                ),
              }),
              body: t('notices.offerLapsing.body', {
                name: nameOf(standing.by),
                terms: termsText(standing.terms, locale),
                date,
              }),
              open: t('notices.offerLapsing.open'),
              link: chatLink,
            },
            links,
            recipient.firstName,
          );
        },
      );
    }

    // The request lapsed only if no offer answered it before its time ran out.
    if (state.status !== 'expired' || state.versions.length > 0 || !state.request) return false;
    const request = state.request;
    return notifications.mailNotice(deal.buyerId, 'deal-request-lapsed', (recipient, links) => {
      const locale = localeOf(recipient.language) ?? 'en';
      const t = wordsFor(locale, 'deals');
      const business = nameOf('business');
      return mail(
        locale,
        {
          subject: t('notices.requestLapsed.subject', { name: business }),
          body: t('notices.requestLapsed.body', {
            name: business,
            what: requestText(request, record.serviceName, locale),
            days: dealLimits.requestOpenDays,
          }),
          open: t('notices.requestLapsed.open'),
          link: chatLink,
        },
        links,
        recipient.firstName,
      );
    });
  }

  return {
    /** Starts this process's worker on the queue. */
    async start(): Promise<void> {
      await jobs.define<DealNoticeJob>(
        DEAL_NOTICES_QUEUE,
        { policy: 'stately', retryLimit: 5, retryDelaySeconds: 30 },
        async (job) => {
          await send(job);
        },
      );
    },

    /** After a move's commit: queues the notice it calls for, due when it is. */
    async moved({ deal, event }: { deal: DealRecord; event: DealEvent }): Promise<void> {
      const notice = noticeOf(event, deal.deal.id);
      if (!notice) return;
      const inSeconds = (notice.at.getTime() - now().getTime()) / 1000;
      await jobs.send(DEAL_NOTICES_QUEUE, notice.job, {
        singletonKey: keyOf(notice.job),
        ...(inSeconds > 0 && { startAfterSeconds: inSeconds }),
      });
    },

    /** Runs a notice's job now, as the queue would when it is due: whether a mail went out. */
    send,
  };
}

export type DealNotices = ReturnType<typeof createDealNotices>;
