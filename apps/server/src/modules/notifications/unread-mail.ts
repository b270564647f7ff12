import { listOf, localeOf, wordsFor } from '../../lib/i18n/index.js';
import type { Mail } from '../../lib/mailer.js';
import type { MailRecipient, UnreadChat } from './notifications.repository.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/**
 * The mail about unread messages, grouped by chat (partner, count and, unless the recipient
 * asked for none, the latest lines), in the recipient's locale (locales/notifications), as text
 * and escaped HTML.
 */
export function renderUnreadMail(options: {
  recipient: MailRecipient;
  chats: UnreadChat[];
  publicUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const { recipient, chats, publicUrl, unsubscribeUrl } = options;
  const locale = localeOf(recipient.language) ?? 'en';
  const t = wordsFor(locale, 'notifications');
  const partner = (chat: UnreadChat) => `${chat.partnerFirstName} ${chat.partnerLastName}`.trim();
  const link = (chat: UnreadChat) => new URL(`/inbox/${chat.chatId}`, publicUrl).toString();
  const total = chats.reduce((sum, chat) => sum + chat.unread, 0);
  const accountUrl = new URL('/account', publicUrl).toString();
  // Oldest line first inside a chat, as the chat reads.
  const lines = (chat: UnreadChat) => (recipient.messageText ? [...chat.latest].reverse() : []);

  const text = [
    t('digest.hello', { name: recipient.firstName }),
    '',
    t('digest.intro'),
    '',
    ...chats.flatMap((chat) => [
      t('digest.chat', { name: partner(chat), count: chat.unread }),
      ...lines(chat).map((line) => `  > ${line.replace(/\s+/g, ' ')}`),
      `  ${t('digest.open')}: ${link(chat)}`,
      '',
    ]),
    ...(recipient.messageText ? [] : [t('digest.noText'), '']),
    t('digest.why'),
    accountUrl,
    `${t('digest.unsubscribe')}: ${unsubscribeUrl}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(t('digest.hello', { name: recipient.firstName }))}</p>
<p>${escapeHtml(t('digest.intro'))}</p>
${chats
  .map(
    (chat) => `<div style="margin:16px 0;padding:12px;border:1px solid #ddd;border-radius:8px">
<p style="margin:0 0 8px"><strong>${escapeHtml(t('digest.chat', { name: partner(chat), count: chat.unread }))}</strong></p>
${lines(chat)
  .map(
    (line) =>
      `<blockquote style="margin:4px 0;padding-left:8px;border-left:3px solid #ccc">${escapeHtml(line)}</blockquote>`,
  )
  .join('\n')}
<p style="margin:8px 0 0"><a href="${escapeHtml(link(chat))}">${escapeHtml(t('digest.open'))}</a></p>
</div>`,
  )
  .join('\n')}
${recipient.messageText ? '' : `<p>${escapeHtml(t('digest.noText'))}</p>`}
<p style="font-size:13px;color:#555">${escapeHtml(t('digest.why'))} <a href="${escapeHtml(accountUrl)}">${escapeHtml(accountUrl)}</a><br>
<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t('digest.unsubscribe'))}</a></p>
</body></html>`;

  return {
    to: recipient.email,
    subject: t('digest.subject', { count: total, names: listOf(locale, chats.map(partner)) }),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
