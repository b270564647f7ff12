import { describe, expect, it } from 'vitest';
import { newChat } from '../../../test/chats.js';
import { connectSocket } from '../../../test/sockets.js';
import { ask, decoded, sent, sleep, unreadMailRig } from '../../../test/unread-mail.js';

// The unread-message mail leaves out a chat the person has open on a visible page.
const rig = await unreadMailRig({ live: true });
const { app, url, mailsOnceRun, signUpConfirmed } = rig;

describe('the unread-message mail and where the person is looking', () => {
  /** A seller with two chats (two buyers), the seller's socket connected. */
  async function sellerWithTwoChats() {
    const seller = await signUpConfirmed(app);
    const one = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Olga',
      category: undefined,
    });
    const two = await signUpConfirmed(app, {
      role: 'buyer',
      firstName: 'Tiago',
      category: undefined,
    });
    const withOne = await newChat(app, one, seller);
    const withTwo = await newChat(app, two, seller);
    const { socket } = await connectSocket(url, seller.token);
    return { seller, one, two, withOne, withTwo, socket };
  }

  it('mails nothing about a chat the person has open on a visible page', async () => {
    const { seller, one, withOne, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    expect(await app.presence.isOnlineInChat(seller.id, withOne)).toBe(true);
    await sent(app, one, withOne, 'seen as it arrives');
    expect(await mailsOnceRun(seller)).toEqual([]);
  });

  it('still mails when the app is open, but on another chat or page', async () => {
    const { seller, one, two, withOne, withTwo, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    await sent(app, one, withOne, 'in the open chat');
    await sent(app, two, withTwo, 'in the other chat');
    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('> in the other chat');
    expect(text).not.toContain('in the open chat');
    expect(text).toContain('1 unread message');
  });

  it('mails about a chat whose tab was hidden or left (blur)', async () => {
    const { seller, one, withOne, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    expect(await ask(socket, 'chat:blur', withOne)).toEqual({ ok: true });
    expect(await app.presence.isOnlineInChat(seller.id, withOne)).toBe(false);
    await sent(app, one, withOne, 'while the tab was hidden');
    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    expect(decoded(mails[0]!)).toContain('> while the tab was hidden');
  });

  it("refuses to focus another person's chat, which then still gets its mail", async () => {
    const { seller, one, withOne } = await sellerWithTwoChats();
    const stranger = await signUpConfirmed(app, { role: 'buyer', category: undefined });
    const { socket: strangerSocket } = await connectSocket(url, stranger.token);
    const refused = await ask(strangerSocket, 'chat:focus', withOne);
    expect(refused).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await app.presence.isOnlineInChat(stranger.id, withOne)).toBe(false);
    const malformed = await ask(strangerSocket, 'chat:focus', 'not-a-chat');
    expect(malformed).toMatchObject({ ok: false, error: { status: 400 } });
    await sent(app, one, withOne, 'for the seller only');
    expect(await mailsOnceRun(seller)).toHaveLength(1);
  });

  it('forgets the open chat when the socket goes', async () => {
    const { seller, withOne, socket } = await sellerWithTwoChats();
    expect(await ask(socket, 'chat:focus', withOne)).toEqual({ ok: true });
    socket.close();
    await sleep(200);
    expect(await app.presence.isOnlineInChat(seller.id, withOne)).toBe(false);
  });
});
