import type {
  DateWindow,
  DealEvent,
  DealMoney,
  MessageDeal,
  OfferTerms,
  SentQuoteRequest,
} from '@maya/contracts';
import { MINOR_UNITS } from '@maya/contracts/service-units';
import { wordsFor, type Locale } from '../../lib/i18n/index.js';

// A deal's moves and terms in a person's words (lib/i18n/locales/deals): the legacy chat load's
// line, the notices' mails and the summary page read them here. Money and dates are Intl's, in
// the reader's locale; a window's dates are calendar days, so they are read in UTC.

const money = new Map<string, Intl.NumberFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

/** "€1,200.00", "1200,00 €", "R$ 1.200,00": a total in its currency, as the locale writes it. */
export function moneyText({ amount, currency }: DealMoney, locale: Locale): string {
  const key = `${locale} ${currency}`;
  let format = money.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    money.set(key, format);
  }
  return format.format(amount / MINOR_UNITS);
}

function dayFormat(locale: Locale): Intl.DateTimeFormat {
  let format = days.get(locale);
  if (!format) {
    // English dates as the web writes them, day first (en-GB): the people are in Europe and Brazil.
    const written = locale === 'en' ? 'en-GB' : locale;
    format = new Intl.DateTimeFormat(written, { dateStyle: 'medium', timeZone: 'UTC' });
    days.set(locale, format);
  }
  return format;
}

/** "12 Sep 2030", or "12–14 Sep 2030" for a window of days. */
export function windowText({ from, to }: DateWindow, locale: Locale): string {
  const format = dayFormat(locale);
  const start = new Date(`${from}T00:00:00Z`);
  return from === to
    ? format.format(start)
    : format.formatRange(start, new Date(`${to}T00:00:00Z`));
}

/** An instant as a day, in UTC like the windows: "19 Sep 2030". */
export function dayText(instant: string, locale: Locale): string {
  return dayFormat(locale).format(new Date(instant));
}

/** "Catering for 40, €1,200.00, 12 Sep 2030". */
export function termsText(terms: OfferTerms, locale: Locale): string {
  return wordsFor(locale, 'deals')('parts.terms', {
    title: terms.title,
    price: moneyText(terms.price, locale),
    when: windowText(terms.when, locale),
  });
}

/** "Wedding photos · Photos of 80 guests · 1 Jun 2030 · Sintra · budget €900.00". */
export function requestText(
  request: Pick<SentQuoteRequest, 'need' | 'when' | 'where' | 'budget'>,
  serviceName: string | null,
  locale: Locale,
): string {
  const t = wordsFor(locale, 'deals');
  return [
    serviceName,
    request.need.replace(/\s+/g, ' '),
    windowText(request.when, locale),
    request.where,
    request.budget ? t('parts.budget', { amount: moneyText(request.budget, locale) }) : null,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** The two people's names as the reader sees them (a deleted account is a former member). */
export interface DealNames {
  buyer: string | null;
  business: string | null;
}

/**
 * A move as a notification says it, by the one who made it: the chat line, with the accepted
 * terms left to the chat (a notice names no terms it would have to read).
 */
export function dealMoveNotice(event: DealEvent, actorName: string, locale: Locale): string {
  if (event.kind === 'offer_accepted') {
    return wordsFor(locale, 'deals')('lines.offerAcceptedShort', { name: actorName });
  }
  return dealEventLine(
    { dealId: '', event, terms: null, serviceName: null },
    { buyer: actorName, business: actorName },
    locale,
  );
}

/**
 * One move of a deal as one line of text: "Bright Reach Studio made an offer: Catering for 40,
 * €1,200.00, 12 Sep 2030 (valid until 19 Sep 2030)". What the original client shows for a
 * message that is a move.
 */
export function dealEventLine(deal: MessageDeal, names: DealNames, locale: Locale): string {
  const t = wordsFor(locale, 'deals');
  const { event } = deal;
  const actorName = event.actor === 'system' ? null : (names[event.actor] ?? t('someone'));
  const values: Record<string, string> = { name: actorName ?? '' };
  switch (event.kind) {
    case 'quote_requested':
      values.what = requestText(event.request, deal.serviceName, locale);
      break;
    case 'offer_made':
    case 'offer_countered':
    case 'offer_updated':
      values.terms = `${termsText(event.version.terms, locale)} (${t('parts.validUntil', {
        date: dayText(event.version.validUntil, locale),
      })})`;
      break;
    case 'offer_accepted':
      values.terms = deal.terms ? termsText(deal.terms, locale) : '';
      break;
    case 'problem_reported':
    case 'deal_cancelled':
      values.reason = event.reason.replace(/\s+/g, ' ');
      break;
    default:
      break;
  }
  return t(`lines.${event.kind}`, values);
}
