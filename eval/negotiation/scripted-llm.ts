import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the scripted model was sent: its messages as they arrived, and what it answered. */
export interface ScriptedCall {
  messages: { role: string; content: unknown }[];
  /** The brief the prompt carried (the user message, JSON). */
  brief: Record<string, unknown> | null;
  reply: string;
  /** The violation planted in the reply, or null for a sentence that should pass. */
  planted: string | null;
}

/** What the next reply plants: a kind and the words (null: a sentence that should pass). */
export type Plant = { kind: string; text: string } | null;

/**
 * A local server speaking the OpenAI chat-completions protocol (streamed), playing a model that
 * phrases Maya's acts: it writes a sentence from the brief in the prompt, in the brief's language,
 * and appends the planted violation the run asks for. Every request is recorded.
 */
export async function startScriptedLlm() {
  const calls: ScriptedCall[] = [];
  let plant: Plant = null;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: unknown }[] };
      const brief = briefOf(body.messages);
      const sentence = brief ? sentenceOf(brief) : 'Hello.';
      const reply = plant ? `${sentence} ${plant.text}` : sentence;
      calls.push({ messages: body.messages, brief, reply, planted: plant?.kind ?? null });
      plant = null;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of reply.match(/\S+\s*/g) ?? []) response.write(chunk({ content: piece }));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    /** What the next reply plants. */
    plantNext(next: Plant) {
      plant = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function briefOf(messages: { role: string; content: unknown }[]): Record<string, any> | null {
  const user = messages.findLast((message) => message.role === 'user');
  const content = user?.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((part: { text?: string }) => part.text ?? '').join('')
        : '';
  try {
    return JSON.parse(text) as Record<string, any>;
  } catch {
    return null;
  }
}

/** The sentence a well-behaved model would write for the brief. */
function sentenceOf(brief: Record<string, any>): string {
  const pt = String(brief.language).startsWith('pt');
  const { label, business, service, amount, when, validUntil } = brief;
  switch (brief.act) {
    case 'offer':
      return pt
        ? `${label}: ${service} em ${when} por ${amount}. A proposta fica aberta até ${validUntil}.`
        : `${label}: ${service} on ${when} for ${amount}. The offer stays open until ${validUntil}.`;
    case 'final_offer':
      return pt
        ? `${label}: a última proposta é ${service} em ${when} por ${amount}, aberta até ${validUntil}.`
        : `${label}: the last offer is ${service} on ${when} for ${amount}, open until ${validUntil}.`;
    case 'accept':
      return pt
        ? `${label}: combinado, ${amount} por ${service} em ${when}.`
        : `${label}: agreed, ${amount} for ${service} on ${when}.`;
    default:
      return pt
        ? `${label}: ${business} vai responder aqui pessoalmente.`
        : `${label}: ${business} will answer you here in person.`;
  }
}
