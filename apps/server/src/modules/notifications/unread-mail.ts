import type { MailLanguage } from '@maya/contracts';
import type { Mail } from '../../lib/mailer.js';
import type { MailRecipient, UnreadChat } from './notifications.repository.js';

const words = {
  en: {
    subject: (count: number, names: string) =>
      count === 1 ? `A new message from ${names}` : `${count} unread messages from ${names}`,
    hello: (name: string) => `Hello ${name},`,
    intro: 'You have messages on Maya Market that you have not read yet:',
    chat: (name: string, count: number) =>
      `${name}: ${count} unread message${count === 1 ? '' : 's'}`,
    open: 'Open the chat',
    noText: 'The messages are not quoted here, as your settings ask.',
    why: 'You get this mail because messages stayed unread. Change how often in your account:',
    unsubscribe: 'Stop these mails',
    and: 'and',
  },
  pt: {
    subject: (count: number, names: string) =>
      count === 1 ? `Uma mensagem nova de ${names}` : `${count} mensagens por ler de ${names}`,
    hello: (name: string) => `Olá ${name},`,
    intro: 'Tem mensagens no Maya Market que ainda não leu:',
    chat: (name: string, count: number) =>
      `${name}: ${count} mensage${count === 1 ? 'm' : 'ns'} por ler`,
    open: 'Abrir a conversa',
    noText: 'As mensagens não são citadas aqui, como pediu nas suas definições.',
    why: 'Recebe este email porque há mensagens por ler. Mude a frequência na sua conta:',
    unsubscribe: 'Deixar de receber estes emails',
    and: 'e',
  },
} satisfies Record<MailLanguage, unknown>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** "Ana", "Ana and Bruno", "Ana, Bruno and Carla". */
function listNames(names: string[], and: string): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}

/**
 * The mail about unread messages, grouped by chat (partner, count and, unless the recipient
 * asked for none, the latest lines), in the recipient's language, as text and escaped HTML.
 */
export function renderUnreadMail(options: {
  recipient: MailRecipient;
  chats: UnreadChat[];
  publicUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const { recipient, chats, publicUrl, unsubscribeUrl } = options;
  const t = words[recipient.language];
  const partner = (chat: UnreadChat) => `${chat.partnerFirstName} ${chat.partnerLastName}`.trim();
  const link = (chat: UnreadChat) => new URL(`/inbox/${chat.chatId}`, publicUrl).toString();
  const total = chats.reduce((sum, chat) => sum + chat.unread, 0);
  const accountUrl = new URL('/account', publicUrl).toString();
  // Oldest line first inside a chat, as the chat reads.
  const lines = (chat: UnreadChat) => (recipient.messageText ? [...chat.latest].reverse() : []);

  const text = [
    t.hello(recipient.firstName),
    '',
    t.intro,
    '',
    ...chats.flatMap((chat) => [
      t.chat(partner(chat), chat.unread),
      ...lines(chat).map((line) => `  > ${line.replace(/\s+/g, ' ')}`),
      `  ${t.open}: ${link(chat)}`,
      '',
    ]),
    ...(recipient.messageText ? [] : [t.noText, '']),
    t.why,
    accountUrl,
    `${t.unsubscribe}: ${unsubscribeUrl}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${recipient.language}"><body style="font-family:sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(t.hello(recipient.firstName))}</p>
<p>${escapeHtml(t.intro)}</p>
${chats
  .map(
    (chat) => `<div style="margin:16px 0;padding:12px;border:1px solid #ddd;border-radius:8px">
<p style="margin:0 0 8px"><strong>${escapeHtml(t.chat(partner(chat), chat.unread))}</strong></p>
${lines(chat)
  .map(
    (line) =>
      `<blockquote style="margin:4px 0;padding-left:8px;border-left:3px solid #ccc">${escapeHtml(line)}</blockquote>`,
  )
  .join('\n')}
<p style="margin:8px 0 0"><a href="${escapeHtml(link(chat))}">${escapeHtml(t.open)}</a></p>
</div>`,
  )
  .join('\n')}
${recipient.messageText ? '' : `<p>${escapeHtml(t.noText)}</p>`}
<p style="font-size:13px;color:#555">${escapeHtml(t.why)} <a href="${escapeHtml(accountUrl)}">${escapeHtml(accountUrl)}</a><br>
<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>`;

  return {
    to: recipient.email,
    subject: t.subject(total, listNames(chats.map(partner), t.and)),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
