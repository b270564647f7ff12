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
  next(subject?: string): Promise<ReceivedMail>;
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

  const read = new Set<ReceivedMail>();
  /**
   * The oldest mail not read yet, or with `subject`, the oldest unread one whose Subject header
   * starts with it (every sign-up also mails a confirmation link, which a test of another mail
   * leaves unread).
   */
  async function next(subject?: string): Promise<ReceivedMail> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const mail = inbox.find(
        (item) =>
          !read.has(item) && (subject === undefined || subjectOf(item.raw).startsWith(subject)),
      );
      if (mail) {
        read.add(mail);
        return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail${subject ? ` "${subject}"` : ''} arrived within 5 s`);
  }
  return { url: `smtp://127.0.0.1:${port}`, inbox, next };
}

/** A raw message's Subject header, unfolded (nodemailer folds long ones). */
export function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return header.match(/^Subject: (.*)$/m)?.[1] ?? '';
}

/** A raw message with quoted-printable soft line breaks and `=3D` undone. */
export function mailText(raw: string): string {
  return raw.replaceAll('=\r\n', '').replaceAll('=\n', '').replaceAll('=3D', '=');
}

/**
 * A single-part raw message's text, decoded as its Content-Transfer-Encoding says (nodemailer
 * picks quoted-printable or base64 by how much of the text is not ASCII), so tests can read
 * Portuguese sentences as written.
 */
export function decodedText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The link to `path` in a raw message (a reset link unless told), with quoted-printable soft
 * line breaks undone.
 */
export function findLink(raw: string, path = '/reset-password'): string {
  const text = mailText(raw);
  const match = text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`));
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[0];
}
