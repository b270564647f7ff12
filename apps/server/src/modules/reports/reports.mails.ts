import { localeOf, wordsFor, type Locale } from '../../lib/i18n/index.js';
import type { Mail } from '../../lib/mailer.js';
import type { DecisionRow, ReportRow } from './reports.repository.js';

/** The fields of a notice its mails quote. */
export type NoticeForMail = Pick<
  ReportRow,
  | 'id'
  | 'source'
  | 'notifierName'
  | 'notifierEmail'
  | 'locationUrl'
  | 'reason'
  | 'legalGround'
  | 'details'
  | 'language'
  | 'createdAt'
>;

/** The fields of a decision its mail to the notifier says. */
export type DecisionForMail = Pick<DecisionRow, 'kind' | 'ground' | 'rule' | 'until'>;

const localeOfNotice = (notice: Pick<ReportRow, 'language'>): Locale =>
  localeOf(notice.language) ?? 'en';

const dateIn = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/**
 * The receipt of a notice (DSA Art. 16(4)), in the notice's language: its reference, when it
 * arrived, and each of the fields as the notifier sent them, named.
 */
export function noticeReceiptMail(notice: NoticeForMail): Mail {
  const locale = localeOfNotice(notice);
  const t = wordsFor(locale, 'reports');
  const field = (label: string, value: string | null | undefined) =>
    `${t(`receipt.${label}`)}: ${value || t('receipt.notGiven')}`;
  return {
    to: notice.notifierEmail!,
    subject: t('receipt.subject', { id: notice.id }),
    text: [
      t('receipt.hello', { name: notice.notifierName }),
      '',
      t('receipt.intro', { date: dateIn(locale, notice.createdAt) }),
      '',
      t('receipt.fields'),
      field('reference', notice.id),
      field('location', notice.locationUrl),
      field('reason', t(`reasons.${notice.reason}`)),
      field('legalGround', notice.legalGround),
      field('name', notice.notifierName),
      field('email', notice.notifierEmail),
      field('goodFaith', t('receipt.goodFaithValue')),
      `${t('receipt.explanation')}:`,
      notice.details,
      '',
      t('receipt.closing'),
    ].join('\n'),
    kind: 'notice-receipt',
  };
}

/**
 * The decision on a notice, mailed to its notifier (DSA Art. 16(5)) in the notice's language:
 * what was decided, on which ground, that a person decided it, and the ways to contest it.
 * Undefined for a report that has no notifier to tell (a member's report).
 */
export function noticeDecisionMail(
  notice: NoticeForMail,
  decision: DecisionForMail,
  publicUrl: string,
): Mail | undefined {
  if (notice.source !== 'notice' || !notice.notifierEmail) return undefined;
  const locale = localeOfNotice(notice);
  const t = wordsFor(locale, 'reports');
  const outcome =
    decision.kind === 'suspend' && decision.until
      ? t('decision.outcome.suspendUntil', { until: dateIn(locale, decision.until) })
      : t(`decision.outcome.${decision.kind}`);
  return {
    to: notice.notifierEmail,
    subject: t('decision.subject', { id: notice.id }),
    text: [
      t('decision.hello', { name: notice.notifierName }),
      '',
      t('decision.intro', {
        date: dateIn(locale, notice.createdAt),
        location: notice.locationUrl,
      }),
      '',
      outcome,
      t(`decision.ground.${decision.ground}`, { rule: decision.rule }),
      t('decision.human'),
      '',
      t('decision.redress', { id: notice.id }),
      t('decision.terms', { url: new URL('/terms#moderation', publicUrl).toString() }),
    ].join('\n'),
    kind: 'notice-decision',
  };
}
