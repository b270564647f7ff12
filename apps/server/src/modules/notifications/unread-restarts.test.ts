import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config.js';
import { createDatabase } from '../../db/client.js';
import { newChat } from '../../../test/chats.js';
import { connectSocket } from '../../../test/sockets.js';
import { createPostgresTestDatabase, createTestDatabase } from '../../../test/test-database.js';
import { ask, decoded, sent, unreadMailRig } from '../../../test/unread-mail.js';

// The unread-message mail across a restart, and across two processes on one PostgreSQL.
const rig = await unreadMailRig();
const { appOn, mailsOnceRun, signUpConfirmed, unreadMailsTo } = rig;

describe('the unread-message mail across restarts and processes', () => {
  it('sends exactly one digest when the app restarts in the middle of the delay', async () => {
    const database = await createTestDatabase();
    try {
      const first = await appOn(database, { MESSAGE_MAIL_DELAY_SECONDS: '3' });
      const seller = await signUpConfirmed(first.app);
      const buyer = await signUpConfirmed(first.app, { role: 'buyer', category: undefined });
      await sent(first.app, buyer, await newChat(first.app, buyer, seller), 'before the restart');
      await first.close();
      expect(unreadMailsTo(seller.email)).toEqual([]);

      const second = await appOn(database, { MESSAGE_MAIL_DELAY_SECONDS: '3' });
      try {
        const mails = await mailsOnceRun(seller, database);
        expect(mails).toHaveLength(1);
        expect(decoded(mails[0]!)).toContain('> before the restart');
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });

  it.skipIf(!readEnv('DATABASE_URL'))(
    'sends one digest, not two, from two processes on one PostgreSQL',
    async () => {
      const shared = await createPostgresTestDatabase();
      const database = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const other = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const one = await appOn(database, { MESSAGE_MAIL_DELAY_SECONDS: '2' });
      const two = await appOn(other, { MESSAGE_MAIL_DELAY_SECONDS: '2' });
      try {
        const seller = await signUpConfirmed(one.app);
        const buyer = await signUpConfirmed(two.app, { role: 'buyer', category: undefined });
        const chatId = await newChat(two.app, buyer, seller);
        await sent(one.app, buyer, chatId, 'through one');
        await sent(two.app, buyer, chatId, 'through two');
        // Each message is mailed once, whichever process runs its digest.
        const text = (await mailsOnceRun(seller, database)).map(decoded).join('\n');
        expect(text.split('> through one').length - 1).toBe(1);
        expect(text.split('> through two').length - 1).toBe(1);
      } finally {
        await two.close();
        await one.close();
        await other.close();
        await database.close();
        await shared.drop();
      }
    },
  );

  it.skipIf(!readEnv('DATABASE_URL'))(
    'knows a chat is open on a socket of another process on one PostgreSQL',
    async () => {
      const shared = await createPostgresTestDatabase();
      const database = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const other = await createDatabase({ kind: 'postgres', url: shared.url, poolSize: 5 });
      const one = await appOn(database, { DATABASE_URL: shared.url });
      const two = await appOn(other, { DATABASE_URL: shared.url });
      try {
        await one.app.listen({ host: '127.0.0.1', port: 0 });
        const address = one.app.server.address();
        const oneUrl =
          typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
        const seller = await signUpConfirmed(one.app);
        const buyer = await signUpConfirmed(one.app, { role: 'buyer', category: undefined });
        const chatId = await newChat(one.app, buyer, seller);
        const { socket } = await connectSocket(oneUrl, seller.token);
        expect(await ask(socket, 'chat:focus', chatId)).toEqual({ ok: true });
        // Asked in the other process: the answer crosses the adapter.
        expect(await two.app.presence.isOnlineInChat(seller.id, chatId)).toBe(true);
        expect(await two.app.presence.isOnlineInChat(buyer.id, chatId)).toBe(false);
        expect(await ask(socket, 'chat:blur', chatId)).toEqual({ ok: true });
        expect(await two.app.presence.isOnlineInChat(seller.id, chatId)).toBe(false);
      } finally {
        await two.close();
        await one.close();
        await other.close();
        await database.close();
        await shared.drop();
      }
    },
  );
});
