import { afterAll } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@maya/contracts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Recorder {
  socket: ClientSocket;
  events: { event: string; payload: unknown }[];
  /** Resolves with the next payload of `event` (or rejects after `ms`). */
  next<E extends keyof ServerToClientEvents>(
    event: E,
    ms?: number,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]>;
}

const opened: ClientSocket[] = [];
afterAll(() => {
  for (const socket of opened) socket.close();
});

/** A real Socket.IO client that records every event it receives. */
export async function connectSocket(url: string, token: string): Promise<Recorder> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  const events: Recorder['events'] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    next(event, ms = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} event within ${ms} ms`)), ms);
        const listener = (payload: Parameters<ServerToClientEvents[typeof event]>[0]) => {
          clearTimeout(timer);
          resolve(payload);
        };
        socket.once(event as 'typing', listener);
      });
    },
  };
}

export const settle = (ms = 250) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sockets for a chat's buyer and seller and for a stranger to it, connected side by side, with a
 * watch on both members' next `message:new` (the stranger's events should stay empty).
 */
export async function connectChatAndStranger(
  url: string,
  tokens: { buyer: string; seller: string; stranger: string },
) {
  const [buyer, seller, stranger] = await Promise.all([
    connectSocket(url, tokens.buyer),
    connectSocket(url, tokens.seller),
    connectSocket(url, tokens.stranger),
  ]);
  return {
    buyerSocket: buyer,
    sellerSocket: seller,
    strangerSocket: stranger,
    arriving: seller.next('message:new'),
    echo: buyer.next('message:new'),
  };
}
