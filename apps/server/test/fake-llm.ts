import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface RecordedCall {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    temperature?: number;
    stream?: boolean;
    messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: {
      type: string;
      function: { name: string; description?: string; parameters: unknown };
    }[];
  };
}

export type Reply =
  | { toolCall: { name: string; arguments: Record<string, unknown> } }
  | { text: string }
  /** Text streamed in exactly these pieces (a link may be cut anywhere). */
  | { pieces: string[] }
  | { status: number }
  | { delayMs: number };

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol with streaming and tool
 * calls. Each request gets the next scripted reply; every request is recorded.
 */
export async function startFakeLlm(replies: Reply[]) {
  const calls: RecordedCall[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      calls.push({ headers: request.headers, body: JSON.parse(raw) as RecordedCall['body'] });
      const reply = replies.shift() ?? { text: 'No more scripted replies.' };
      if ('status' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: 'provider refused', type: 'server_error' } }),
        );
        return;
      }
      if ('delayMs' in reply) {
        setTimeout(() => response.destroy(), reply.delayMs);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if ('toolCall' in reply) {
        response.write(
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                index: 0,
                id: 'call_fake_1',
                type: 'function',
                function: {
                  name: reply.toolCall.name,
                  arguments: JSON.stringify(reply.toolCall.arguments),
                },
              },
            ],
          }),
        );
        response.write(chunk({}, 'tool_calls'));
      } else {
        const pieces = 'pieces' in reply ? reply.pieces : (reply.text.match(/\S+\s*/g) ?? []);
        for (const piece of pieces) response.write(chunk({ content: piece }));
        response.write(chunk({}, 'stop'));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}/v1`, calls };
}

/** The events of a UI message stream answer (server-sent events). */
export function readEvents(body: string): Record<string, any>[] {
  return body
    .split('\n\n')
    .map((block) => block.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Record<string, any>);
}

export function textOf(events: Record<string, any>[]): string {
  return events
    .filter((event) => event.type === 'text-delta')
    .map((event) => event.delta as string)
    .join('');
}
