import { connect } from 'node:net';
import type {
  LanguageModelV3,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { problemSchema } from '@maya/contracts';
import { buildTestApp } from '../../test/build-test-app.js';
import { newChat, send } from '../../test/chats.js';
import { signUp } from '../../test/sessions.js';
import { connectSocket } from '../../test/sockets.js';

const REQUEST_MS = 1_500;
const HEADERS_MS = 1_000;
const CONNECTION_MS = 3_500;
/** How late Node may notice a timeout (a fifth of the header timeout), plus a loaded machine's lag. */
const LATE_MS = HEADERS_MS / 5 + 800;
/** The silence in Maya's streamed reply: longer than the request timeout, shorter than the idle one. */
const SILENCE_MS = 1_800;

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** A model that starts its answer, thinks for SILENCE_MS, then finishes it. */
const slowModel: LanguageModelV3 = {
  specificationVersion: 'v3',
  provider: 'test',
  modelId: 'slow',
  supportedUrls: {},
  doGenerate() {
    throw new Error('streamed only');
  },
  async doStream() {
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'answer' });
        controller.enqueue({ type: 'text-delta', id: 'answer', delta: 'Let me think. ' });
        await new Promise((resolve) => setTimeout(resolve, SILENCE_MS));
        controller.enqueue({ type: 'text-delta', id: 'answer', delta: 'Thought it through.' });
        controller.enqueue({ type: 'text-end', id: 'answer' });
        controller.enqueue({
          type: 'finish',
          finishReason: { unified: 'stop', raw: undefined },
          usage,
        });
        controller.close();
      },
    });
    return { stream };
  },
};

const { app, url } = await buildTestApp(
  {
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_CONNECTION_TIMEOUT_MS: String(CONNECTION_MS),
    AI_TIMEOUT_MS: '3000',
  },
  { listen: true, overrides: { assistantModel: slowModel } },
);
const { port } = new URL(url);

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** From the first byte sent to the first byte of the answer. */
  answeredMs: number;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends `first` on a raw TCP connection, then each of `later` `everyMs` apart (until the server
 * answers), and reads until the server closes the connection.
 */
function rawRequest(first: string, later: string[] = [], everyMs = 200): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    let startedAt = 0;
    let answeredAt = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.once('connect', () => {
      startedAt = performance.now();
      socket.write(first);
      const queue = [...later];
      timer = setInterval(() => {
        const next = queue.shift();
        if (next === undefined || answeredAt) clearInterval(timer);
        else socket.write(next);
      }, everyMs);
    });
    socket.on('data', (data) => {
      answeredAt ||= performance.now();
      chunks.push(data);
    });
    socket.once('error', reject);
    socket.once('close', () => {
      clearInterval(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body,
        answeredMs: answeredAt - startedAt,
        closed: true,
      });
    });
  });
}

function expectTimeoutProblem(answer: RawAnswer) {
  expect(answer.status, answer.head).toBe(408);
  expect(answer.head).toMatch(/^content-type: application\/problem\+json$/im);
  expect(answer.head).toMatch(/^cache-control: no-store$/im);
  expect(problemSchema.parse(JSON.parse(answer.body))).toMatchObject({
    status: 408,
    code: 'REQUEST_TIMEOUT',
    type: '/api/errors#request-timeout',
  });
  expect(answer.closed).toBe(true);
}

describe('requests that arrive too slowly', () => {
  it('are the timeouts the server was configured with', () => {
    expect(app.server.requestTimeout).toBe(REQUEST_MS);
    expect(app.server.headersTimeout).toBe(HEADERS_MS);
    expect(app.server.timeout).toBe(CONNECTION_MS);
    expect(app.server.keepAliveTimeout).toBe(72_000);
  });

  it('answers a body announced as 5 bytes that sends 2 with 408 once the request timeout passes, and closes', async () => {
    const answer = await rawRequest(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 5\r\n\r\n{"',
    );
    expectTimeoutProblem(answer);
    expect(answer.answeredMs).toBeGreaterThanOrEqual(REQUEST_MS);
    expect(answer.answeredMs).toBeLessThan(REQUEST_MS + LATE_MS);
  });

  it('times the whole request, so a body trickled a byte at a time, never idle, gets 408 too', async () => {
    const answer = await rawRequest(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 40\r\n\r\n{',
      Array.from({ length: 39 }, () => ' '),
    );
    expectTimeoutProblem(answer);
    expect(answer.answeredMs).toBeGreaterThanOrEqual(REQUEST_MS);
    expect(answer.answeredMs).toBeLessThan(REQUEST_MS + LATE_MS);
  });

  it('answers headers that never end with 408 once the header timeout passes', async () => {
    const answer = await rawRequest(
      'GET /api/v1/users/featured HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      Array.from({ length: 40 }, (_, index) => `X-Slow-${index}: 1\r\n`),
    );
    expectTimeoutProblem(answer);
    expect(answer.answeredMs).toBeGreaterThanOrEqual(HEADERS_MS);
    expect(answer.answeredMs).toBeLessThan(HEADERS_MS + LATE_MS);
  });

  it('answers a request that arrives in time as usual', async () => {
    const answer = await rawRequest(
      'GET /api/v1/users/featured HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status, answer.head).toBe(200);
  });
});

describe('responses and sockets that outlast the request timeout', () => {
  it("streams Maya's whole reply, with a silence longer than the request timeout in it", async () => {
    const startedAt = performance.now();
    const response = await fetch(`${url}/api/v1/assistant/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ id: 'q1', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = await response.text();
    expect(performance.now() - startedAt).toBeGreaterThan(REQUEST_MS);
    const text = [...stream.matchAll(/^data: (\{.*\})$/gm)]
      .map((line) => JSON.parse(line[1]!) as { type: string; delta?: string })
      .filter((part) => part.type === 'text-delta')
      .map((part) => part.delta)
      .join('');
    expect(text).toBe('Let me think. Thought it through.');
    expect(stream.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('keeps a WebSocket that stays silent past every HTTP timeout, and delivers on it', async () => {
    const client = await signUp(app, { role: 'buyer', category: null });
    const business = await signUp(app, { role: 'seller' });
    const chatId = await newChat(app, client, business);
    const socket = await connectSocket(url, business.token);
    const disconnects: string[] = [];
    socket.socket.on('disconnect', (reason) => disconnects.push(reason));

    await new Promise((resolve) => setTimeout(resolve, CONNECTION_MS + 500));
    const arriving = socket.next('message:new', 3_000);
    expect((await send(app, client, chatId, 'Still there?')).statusCode).toBe(201);
    expect(await arriving).toMatchObject({ message: { body: 'Still there?' } });
    expect(disconnects).toEqual([]);
  });
});
