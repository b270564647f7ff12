import type { Deal, DealPerson } from '@maya/contracts';
import { wordsFor, type Locale } from '../../lib/i18n/index.js';
import { dayText, moneyText, windowText } from './deal-words.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The other language the label is written in: the deal's two people may read different ones,
 * and whoever they show the page to may too. Portuguese is Portugal's for a deal in euros and
 * Brazil's for one in reais.
 */
function otherLocale(locale: Locale, currency: string): Locale {
  if (locale !== 'en') return 'en';
  return currency === 'BRL' ? 'pt-BR' : 'pt-PT';
}

/** What a deal's summary says, in the reader's language, for its HTML page and its PDF. */
export interface DealSummary {
  locale: Locale;
  /** The other language the "not an invoice" label and its reason are said in too. */
  otherLocale: Locale;
  title: string;
  notInvoice: string;
  otherNotInvoice: string;
  rows: [string, string][];
  priceLabel: string;
  price: string;
  vatIncluded: string;
  why: string;
  otherWhy: string;
  print: string;
  pdf: string;
  /** "Page {{page}} of {{pages}}", for a PDF longer than a page. */
  page: (page: number, pages: number) => string;
}

/**
 * A deal's summary: both people, the service, what is included, the date, the price (a total
 * with VAT, said once), when it was agreed and where it stands; labelled "not an invoice" in the
 * reader's language and in the other one, since in Portugal and Brazil an invoice comes from the
 * business's own certified software.
 */
export function dealSummary(deal: Deal, locale: Locale): DealSummary {
  const accepted = deal.versions[(deal.accepted?.version ?? 0) - 1];
  if (!accepted || !deal.accepted) throw new Error('a summary needs an accepted version');
  const { terms } = accepted;
  const t = wordsFor(locale, 'deals');
  const other = wordsFor(otherLocale(locale, terms.price.currency), 'deals');
  const person = (someone: DealPerson) => (someone.deleted ? t('formerMember') : someone.name);
  const status = ['upcoming', 'delivered', 'problem_reported', 'completed', 'cancelled'].includes(
    deal.status,
  )
    ? t(`summary.statuses.${deal.status}`)
    : deal.status;
  const rows: [string, string][] = [
    [t('summary.business'), person(deal.business)],
    [t('summary.client'), person(deal.buyer)],
    [t('summary.service'), deal.serviceName ? `${deal.serviceName} · ${terms.title}` : terms.title],
    [t('summary.included'), terms.included],
    [t('summary.when'), windowText(terms.when, locale)],
    [t('summary.agreed'), dayText(deal.accepted.at, locale)],
    [t('summary.status'), status],
    [t('summary.reference'), deal.id],
  ];
  const otherLanguage = otherLocale(locale, terms.price.currency);
  return {
    locale,
    otherLocale: otherLanguage,
    title: t('summary.title'),
    notInvoice: t('summary.notInvoice'),
    otherNotInvoice: other('summary.notInvoice'),
    rows,
    priceLabel: t('summary.price'),
    price: moneyText(terms.price, locale),
    vatIncluded: t('summary.vatIncluded'),
    why: t('summary.notInvoiceWhy'),
    otherWhy: other('summary.notInvoiceWhy'),
    print: t('summary.print'),
    pdf: t('summary.pdf'),
    page: (page, pages) => t('summary.page', { page, pages }),
  };
}

/**
 * A deal's summary as one HTML page (`GET /deals/{id}/summary`). Printed, it is one plain page;
 * `GET /deals/{id}/summary.pdf` is the same summary as a PDF (deal-summary-pdf.ts).
 */
export function dealSummaryPage(deal: Deal, locale: Locale): string {
  const summary = dealSummary(deal, locale);
  const { rows, otherLocale: otherLanguage } = summary;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(summary.title)} · Maya Market</title>
<style>
body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
h1{font-size:1.5rem;margin:0 0 .25rem}
.label{display:inline-block;margin:.5rem 0 1rem;padding:.25rem .75rem;border:2px solid #8a1c1c;border-radius:4px;color:#8a1c1c;font-weight:700;text-transform:uppercase;letter-spacing:.04em}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.5rem 1.5rem;margin:1.5rem 0}
dt{font-weight:600;color:#444}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.price{font-size:1.4rem;font-weight:700;margin:0}
.note{color:#444;font-size:.95rem}
.hint{margin-top:2rem;padding:.75rem 1rem;background:#f3f4f6;border-radius:6px}
@media (max-width:30rem){dl{grid-template-columns:1fr;gap:.15rem}dd{margin-bottom:.6rem}}
@media print{body{margin:0;max-width:none;font-size:11pt}.hint{display:none}.label{border-color:#000;color:#000}a{color:inherit;text-decoration:none}}
</style></head>
<body>
<main>
<h1>${escapeHtml(summary.title)}</h1>
<p class="label" lang="${locale}">${escapeHtml(summary.notInvoice)} · <span lang="${otherLanguage}">${escapeHtml(summary.otherNotInvoice)}</span></p>
<dl>
${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
<dt>${escapeHtml(summary.priceLabel)}</dt><dd><p class="price">${escapeHtml(summary.price)}</p><span class="note">${escapeHtml(summary.vatIncluded)}</span></dd>
</dl>
<p class="note">${escapeHtml(summary.why)}</p>
<p class="note" lang="${otherLanguage}">${escapeHtml(summary.otherWhy)}</p>
<p class="hint"><a href="summary.pdf" download>${escapeHtml(summary.pdf)}</a>. ${escapeHtml(summary.print)}</p>
</main>
</body></html>`;
}
