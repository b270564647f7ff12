import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll } from 'vitest';

export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushPeer {
  /** http://127.0.0.1:<port> */
  url: string;
  deliveries: PushDelivery[];
  /** Answer deliveries to `path` with `status` from now on (201 otherwise). */
  answer(path: string, status: number): void;
}

/**
 * A push service on a free port, as a browser's push service would receive web push: it records
 * every POST (headers and the encrypted body) and answers 201, or what a test asks for.
 */
export async function startPushPeer(): Promise<PushPeer> {
  const deliveries: PushDelivery[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      deliveries.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    answer: (path, status) => statuses.set(path, status),
  };
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As `PushSubscription.toJSON().keys` gives them. */
  json: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Decrypts a delivery as the browser would (RFC 8291, aes128gcm). */
export function decryptDelivery(delivery: PushDelivery, keys: BrowserKeys): unknown {
  const plain = ece.decrypt(delivery.body, {
    version: 'aes128gcm',
    privateKey: keys.ecdh,
    authSecret: keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}
