import { describe, expect, it } from 'vitest';
import { newChat } from '../../../test/chats.js';
import { sameOrigin } from '../../../test/sessions.js';
import { decoded, sent, unreadMailRig, unsubscribeLink } from '../../../test/unread-mail.js';

// The unread-message mail on a live app whose delay is a second: its tests wait it out. The
// controlled clock's digest, where the person is looking, and restarts have files of their own
// (unread-digest, unread-presence and unread-restarts .test.ts), so the four run side by side.
const rig = await unreadMailRig({ live: true });
const { app, mailsTo, mailsOnceRun, settle, signUpConfirmed } = rig;

describe('mail about unread messages', () => {
  it('mails nothing when the message was read within the delay', async () => {
    const seller = await signUpConfirmed(app);
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, buyer, seller);
    const message = await sent(app, buyer, chatId, 'Are you there?');
    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/read`,
      headers: seller.headers,
      payload: { messageId: message.id },
    });
    expect(read.statusCode).toBeLessThan(300);
    expect(await mailsOnceRun(seller)).toEqual([]);
  });

  it('leaves every message text out when the recipient asked for none, in Portuguese when chosen', async () => {
    const seller = await signUpConfirmed(app, { firstName: 'Rita' });
    expect(await settle(seller, { messageText: false, language: 'pt-PT' })).toEqual({
      messageMail: 'digest',
      messageText: false,
      language: 'pt-PT',
    });
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, buyer, seller);
    await sent(app, buyer, chatId, 'my secret renovation budget');
    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).not.toContain('secret renovation');
    expect(text).toContain('Olá Rita');
    expect(text).toContain('1 mensagem por ler');
    expect(text).toContain('<html lang="pt-PT">');
  });

  it("writes the web's Portuguese (pt, that is pt-BR) in Brazil's words", async () => {
    const seller = await signUpConfirmed(app, { firstName: 'Bia' });
    await settle(seller, { language: 'pt' });
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    await sent(app, buyer, await newChat(app, buyer, seller), 'oi');
    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('Você tem mensagens no Maya Market');
    expect(text).toContain('1 mensagem não lida');
    expect(text).toContain('<html lang="pt-BR">');
  });

  it('mails nobody whose setting is off', async () => {
    const seller = await signUpConfirmed(app);
    await settle(seller, { messageMail: 'off' });
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    await sent(app, buyer, await newChat(app, buyer, seller), 'hello?');
    expect(await mailsTo(seller.email)).toEqual([]);
  });

  it('mails at most once per delay window, then the messages that came after', async () => {
    const seller = await signUpConfirmed(app);
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const chatId = await newChat(app, buyer, seller);
    await sent(app, buyer, chatId, 'first');
    expect(await mailsOnceRun(seller)).toHaveLength(1);
    await sent(app, buyer, chatId, 'second');
    await sent(app, buyer, chatId, 'third');
    // Each later message is mailed once its own delay is over (together, or the younger one in
    // the next window), never the first again.
    const later = async () => (await mailsTo(seller.email, 0)).slice(1).map(decoded).join('\n');
    await expect.poll(later, { timeout: 10_000, interval: 500 }).toContain('> third');
    const text = await later();
    expect(text.split('> second').length - 1).toBe(1);
    expect(text.split('> third').length - 1).toBe(1);
    expect(text).not.toContain('> first');
  });

  it("unsubscribes from the link (a GET only asks) and from the header's one-click POST", async () => {
    const seller = await signUpConfirmed(app);
    const buyer = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    await sent(app, buyer, await newChat(app, buyer, seller), 'hello');
    const [mail] = await mailsOnceRun(seller);
    const link = new URL(unsubscribeLink(mail!));
    expect(link.origin).toBe('http://localhost:3000');
    const path = link.pathname + link.search;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    const unchanged = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(unchanged.json()).toMatchObject({ messageMail: 'digest' });

    // RFC 8058: a POST of `List-Unsubscribe=One-Click`, no cookie, no sign-in.
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(after.json()).toMatchObject({ messageMail: 'off' });

    // And the page's own form, for the person who clicked the link.
    await settle(seller, { messageMail: 'digest' });
    const fromPage = await app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        ...sameOrigin,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.body).toContain('role="status"');
    const again = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(again.json()).toMatchObject({ messageMail: 'off' });
  });

  it('refuses an unsubscribe link whose signature does not match, changing nothing', async () => {
    const seller = await signUpConfirmed(app);
    const other = await signUpConfirmed(app);
    const forged = await app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?user=${seller.id}&token=${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'GET',
      url: `/api/v1/notifications/unsubscribe?user=${other.id}&token=short`,
    });
    expect(malformed.statusCode).toBe(400);
    const settings = await app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications',
      headers: seller.headers,
    });
    expect(settings.json()).toEqual({ messageMail: 'digest', messageText: true, language: 'en' });
  });

  it('refuses settings without a session and unknown values', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/me/notifications' });
    expect(anonymous.statusCode).toBe(401);
    const user = await signUpConfirmed(app);
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/notifications',
      headers: user.headers,
      payload: { messageMail: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('mails each chat on its own in the "each" mode', async () => {
    const seller = await signUpConfirmed(app);
    await settle(seller, { messageMail: 'each' });
    const one = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Uma',
      category: undefined,
    });
    const two = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Duarte',
      category: undefined,
    });
    await sent(app, one, await newChat(app, one, seller), 'from one');
    await sent(app, two, await newChat(app, two, seller), 'from two');
    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => decoded(mail).includes('> from one'))).toContain(true);
    expect(mails.map((mail) => decoded(mail).includes('> from two'))).toContain(true);
  });
});
