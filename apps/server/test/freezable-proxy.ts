import { connect, createServer, type Socket } from 'node:net';

export interface FreezableProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /**
   * Frozen, the proxy relays nothing, either way, and new connections are accepted but get no
   * answer: what a client sees of a server stopped with SIGSTOP. Thawed, everything held flows on.
   */
  freeze(frozen: boolean): void;
  close(): Promise<void>;
}

/** A TCP relay to `target` on 127.0.0.1 that a test can freeze, for one server shared by others. */
export async function startFreezableProxy(target: { host: string; port: number }) {
  let frozen = false;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    const close = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of pair) {
      socket.on('error', close);
      socket.on('close', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    port: address.port,
    freeze(on: boolean) {
      frozen = on;
      for (const sockets of pairs) {
        for (const socket of sockets) {
          if (on) socket.pause();
          else socket.resume();
        }
      }
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies FreezableProxy;
}
