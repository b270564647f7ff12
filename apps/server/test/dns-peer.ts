import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { afterAll } from 'vitest';

export interface DnsQuestion {
  name: string;
  type: 'A' | 'AAAA' | number;
}

export interface DnsPeer {
  /** `127.0.0.1:<port>`, as `dns.Resolver.setServers` and OUTBOUND_DNS_SERVERS take it. */
  server: string;
  /** Every question asked, in order. */
  questions: DnsQuestion[];
  /** From now on, `name` has these addresses (A for IPv4, AAAA for IPv6); [] removes it. */
  answer(name: string, addresses: string[]): void;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

/** The name of the question at `offset` (labels, no compression in a question) and its end. */
function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (at < message.length && message[at] !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function record(type: number, address: string): Buffer {
  const data = Buffer.from(ipaddr.parse(address).toByteArray());
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(0, 6); // never cached: a test may change the answer
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

/**
 * An authoritative DNS server on UDP 127.0.0.1, for the names a test gives it (RFC 1035: A and
 * AAAA answers; NXDOMAIN for a name it does not know; no answer for a type the name lacks).
 */
export async function startDnsPeer(): Promise<DnsPeer> {
  const names = new Map<string, string[]>();
  const questions: DnsQuestion[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    if (query.length < 12) return;
    const { name, end } = readName(query, 12);
    const type = query.readUInt16BE(end);
    questions.push({ name, type: type === TYPE_A ? 'A' : type === TYPE_AAAA ? 'AAAA' : type });
    const known = names.get(name);
    const answers = (known ?? [])
      .filter((address) => isIP(address) === (type === TYPE_A ? 4 : type === TYPE_AAAA ? 6 : 0))
      .map((address) => record(type, address));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // A response, authoritative, recursion desired as asked and available; NXDOMAIN if unknown.
    header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const question = query.subarray(12, end + 4);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    questions,
    answer: (name, addresses) => {
      if (addresses.length === 0) names.delete(name.toLowerCase());
      else names.set(name.toLowerCase(), addresses);
    },
  };
}
