import { localeOf, wordsFor } from '../../lib/i18n/index.js';
import { UNSUBSCRIBE_LINK_DAYS } from './notifications.service.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The page the signed link opens: a question and a button (a GET changes nothing, so a mail
 * scanner that follows links unsubscribes nobody), then the confirmation after the POST; or, for
 * a link that has expired, where to choose the mails instead.
 */
export function unsubscribePage(options: {
  /** The account's language (a tag `localeOf` reads). */
  language: string;
  state: 'ask' | 'done' | 'expired';
  action: string;
}): string {
  const locale = localeOf(options.language) ?? 'en';
  const w = wordsFor(locale, 'notifications');
  const t = {
    title: w('unsubscribe.title'),
    ask: w('unsubscribe.ask'),
    button: w('unsubscribe.button'),
    done: w('unsubscribe.done'),
    expired: w('unsubscribe.expired', { days: UNSUBSCRIBE_LINK_DAYS }),
    account: w('unsubscribe.account'),
  };
  const account = `<p><a href="/account">${escapeHtml(t.account)}</a></p>`;
  const body =
    options.state !== 'ask'
      ? `<p role="status">${escapeHtml(options.state === 'done' ? t.done : t.expired)}</p>${account}`
      : `<p>${escapeHtml(t.ask)}</p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#1b5e20;color:#fff;cursor:pointer">${escapeHtml(t.button)}</button>
</form>`;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)} · Maya Market</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#222">
<h1 style="font-size:1.4rem">${escapeHtml(t.title)}</h1>
${body}
</body></html>`;
}
