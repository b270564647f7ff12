import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { ErrorCode } from '@maya/contracts';
import { buildProblem } from './problem.js';

export interface ConnectionTimeouts {
  /** Longest the whole request (headers and body) may take to arrive; past it, 408. */
  requestMs: number;
  /** Longest the request's headers may take to arrive; past it, 408. */
  headersMs: number;
  /** Longest a connection may sit with nothing sent or received (Fastify's connectionTimeout). */
  connectionMs: number;
  /** Longest a kept-alive connection waits for its next request. */
  keepAliveMs: number;
}

/**
 * How often Node looks for requests past their header or request timeout: a fifth of the shorter
 * of the two, between 100 ms and 5 s, so a slow request is answered at most that late (Node's
 * own default looks every 30 s).
 */
export function checkingIntervalMs(timeouts: ConnectionTimeouts): number {
  return Math.min(
    5_000,
    Math.max(100, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 5)),
  );
}

/** The answers to requests the HTTP parser gave up on, before any route saw them. */
const clientErrors: Record<string, { code: ErrorCode; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'REQUEST_TIMEOUT',
    detail: 'The request did not arrive in time: its headers or body came too slowly.',
  },
  HPE_HEADER_OVERFLOW: {
    code: 'HEADERS_TOO_LARGE',
    detail: 'The request headers are too large.',
  },
};

/** The internal response a socket is writing, if any (Node's own check before it answers). */
type ServerSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Fastify's clientErrorHandler: the answer to a request that never reached a route (too slow,
 * headers too large, unreadable), as a problem details answer like every other, and only when no
 * response has started on the socket; then the connection is closed.
 */
function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  const code = error.code;
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const { code: problemCode, detail } = clientErrors[code] ?? {
    code: 'MALFORMED_REQUEST' as const,
    detail: 'The request cannot be read as HTTP.',
  };
  this.log.debug({ err: error, problem: problemCode }, 'a request was refused before routing');
  const responding = (socket as ServerSocket)._httpMessage?.headersSent === true;
  if (socket.writable && !responding) {
    const problem = buildProblem(problemCode, detail);
    const body = JSON.stringify(problem);
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/**
 * Fastify's and Node's connection options from the configured timeouts. A request's headers and
 * body must arrive within them (Node answers the rest 408 through `answerClientError`); the
 * response may take as long as it needs, as long as the connection is never idle for
 * `connectionMs`.
 * A WebSocket upgrade leaves the HTTP server, and ws turns the idle timeout off for it.
 */
export function connectionOptions(
  timeouts: ConnectionTimeouts,
): Pick<
  FastifyHttpOptions<Server>,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http' | 'clientErrorHandler'
> {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: checkingIntervalMs(timeouts),
    },
    clientErrorHandler: answerClientError,
  };
}
