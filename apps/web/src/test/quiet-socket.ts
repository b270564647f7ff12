/**
 * lib/socket.ts as a test replaces it where the socket is what leaves the process: a quiet one
 * that never connects. `vi.mock('../../lib/socket', () => import('../../test/quiet-socket'))`.
 */
export const getSocket = () => ({
  connected: false,
  on: () => undefined,
  off: () => undefined,
  emit: () => undefined,
});
export const closeSocket = () => undefined;
export const connectSocket = () => undefined;
