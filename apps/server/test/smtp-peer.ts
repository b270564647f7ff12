import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtpPeer(): Promise<{
  url: string;
  inbox: ReceivedMail[];
  next(): Promise<ReceivedMail>;
}> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  let read = 0;
  async function next(): Promise<ReceivedMail> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (inbox.length > read) return inbox[read++]!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no mail arrived within 5 s');
  }
  return { url: `smtp://127.0.0.1:${port}`, inbox, next };
}

/** Undoes quoted-printable soft line breaks so links can be read from the raw message. */
export function findLink(raw: string): string {
  const text = raw.replaceAll('=\r\n', '').replaceAll('=\n', '').replaceAll('=3D', '=');
  const match = text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/);
  if (!match) throw new Error('no reset link in the mail');
  return match[0];
}
