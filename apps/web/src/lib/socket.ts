import type { ClientToServerEvents, ServerToClientEvents } from '@maya/contracts';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * One socket per tab, authenticated by the session cookie; reconnects with backoff by itself.
 * WebSocket only (as the server accepts), so behind a load balancer each connection stays on the
 * instance it reached without sticky sessions. It connects only when `connectSocket` is called
 * (by the signed-in notifications, once their handlers listen), so no event arrives before
 * them: a screen that loads first may take the socket and listen, but not open it.
 */
export function getSocket(): AppSocket {
  socket ??= io({
    path: '/socket.io',
    withCredentials: true,
    transports: ['websocket'],
    autoConnect: false,
  });
  return socket;
}

/** Opens the tab's socket (it does nothing when it is open or opening). */
export function connectSocket(): void {
  getSocket().connect();
}

export function closeSocket(): void {
  socket?.close();
  socket = undefined;
}
