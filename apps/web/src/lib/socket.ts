import type { ClientToServerEvents, ServerToClientEvents } from '@maya/contracts';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * One socket per tab, authenticated by the session cookie; reconnects with backoff by itself.
 * WebSocket only (as the server accepts), so behind a load balancer each connection stays on the
 * instance it reached without sticky sessions.
 */
export function getSocket(): AppSocket {
  socket ??= io({
    path: '/socket.io',
    withCredentials: true,
    transports: ['websocket'],
  });
  return socket;
}

export function closeSocket(): void {
  socket?.close();
  socket = undefined;
}
