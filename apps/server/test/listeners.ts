import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface CountingListener {
  port: number;
  /** TCP connections accepted so far, on every address it listens on. */
  connections(): number;
  /** HTTP requests it answered (a TLS attempt on it is a connection, not a request). */
  requests(): number;
}

async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/**
 * An HTTP server on loopback that counts every TCP connection it accepts: on `hosts`, on `port`
 * (or a free one the first host picks), answering each request with `handler` (204 by default).
 */
export async function startCountingListener({
  hosts = ['127.0.0.1'],
  port: wanted = 0,
  handler = (_request, response) => response.writeHead(204).end(),
}: { hosts?: string[]; port?: number; handler?: RequestListener } = {}): Promise<CountingListener> {
  let connections = 0;
  let requests = 0;
  let port = wanted;
  for (const host of hosts) {
    const server = createServer((request, response) => {
      requests += 1;
      handler(request, response);
    });
    server.on('connection', () => {
      connections += 1;
    });
    port = await listen(server, host, port);
  }
  return { port, connections: () => connections, requests: () => requests };
}

/** A listener that answers every request with `status` and `Location: <location>`. */
export function startRedirector(status: 301 | 302 | 307 | 308, location: string) {
  return startCountingListener({
    handler: (_request, response) => response.writeHead(status, { location }).end(),
  });
}
