import type { MailLanguage } from '@maya/contracts';

const words = {
  en: {
    title: 'Mail about unread messages',
    ask: 'Stop the mails Maya Market sends when messages stay unread?',
    button: 'Unsubscribe',
    done: 'Done: you will get no more mail about unread messages. You can turn it back on in your account.',
    expired:
      'This link has expired: the links in our mails work for 90 days, and until the password of the account changes. To choose which mails you get, sign in and open Email notifications in your account.',
    account: 'Your account',
  },
  pt: {
    title: 'Emails sobre mensagens por ler',
    ask: 'Deixar de receber os emails que o Maya Market envia quando há mensagens por ler?',
    button: 'Cancelar subscrição',
    done: 'Feito: não vai receber mais emails sobre mensagens por ler. Pode voltar a ativá-los na sua conta.',
    expired:
      'Este link expirou: os links dos nossos emails funcionam durante 90 dias e até a palavra-passe da conta mudar. Para escolher os emails que recebe, inicie sessão e abra Notificações por e-mail na sua conta.',
    account: 'A sua conta',
  },
} satisfies Record<MailLanguage, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The page the signed link opens: a question and a button (a GET changes nothing, so a mail
 * scanner that follows links unsubscribes nobody), then the confirmation after the POST; or, for
 * a link that has expired, where to choose the mails instead.
 */
export function unsubscribePage(options: {
  language: MailLanguage;
  state: 'ask' | 'done' | 'expired';
  action: string;
}): string {
  const t = words[options.language];
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
<html lang="${options.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)} · Maya Market</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#222">
<h1 style="font-size:1.4rem">${escapeHtml(t.title)}</h1>
${body}
</body></html>`;
}
