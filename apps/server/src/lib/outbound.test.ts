import { describe, expect, it } from 'vitest';
import { startDnsPeer } from '../../test/dns-peer.js';
import { startCountingListener, startRedirector } from '../../test/listeners.js';
import {
  classifyAddress,
  createOutboundGuard,
  dnsServersResolver,
  OutboundRefused,
  type Destination,
  type OutboundRefusalReason,
  type OutboundRequest,
} from './outbound.js';

/**
 * The outbound guard against a real DNS server and real listeners, all on loopback in this
 * process. The target listener stands for what must never be reached (this host's services):
 * every hostile address below points at its port, which the policy allows, so only the address
 * rules stand between the request and the listener.
 */

const dns = await startDnsPeer();
const target = await startCountingListener({ hosts: ['127.0.0.1', '::1'] });
const P = target.port;
const resolve = dnsServersResolver([dns.server]);
const policy = { ports: [443, P] };
const request: OutboundRequest = {
  method: 'POST',
  headers: { 'content-type': 'application/octet-stream' },
  body: Buffer.from('ping'),
  timeoutMs: 2_000,
};

/** A public address (documentation ranges are refused, so a real one, never connected to). */
const PUBLIC = '93.184.215.14';
dns.answer('loopback.attacker.example', ['127.0.0.1']);
dns.answer('loopback6.attacker.example', ['::1']);
dns.answer('metadata.attacker.example', ['169.254.169.254']);
dns.answer('metadata6.attacker.example', ['fd00:ec2::254']);
dns.answer('ula.attacker.example', ['fd12:3456:789a::1']);
dns.answer('mapped.attacker.example', ['::ffff:127.0.0.1']);
dns.answer('private.attacker.example', ['10.1.2.3']);
dns.answer('cgnat.attacker.example', ['100.64.0.1']);
dns.answer('mixed.attacker.example', [PUBLIC, '127.0.0.1']);
dns.answer('public.attacker.example', [PUBLIC]);

const hostile: [string, string, OutboundRefusalReason][] = [
  ['a name resolving to 127.0.0.1', `https://loopback.attacker.example:${P}/push`, 'address'],
  ['a name resolving to ::1', `https://loopback6.attacker.example:${P}/push`, 'address'],
  [
    'a name with one public and one loopback address',
    `https://mixed.attacker.example:${P}/`,
    'address',
  ],
  ['a name resolving to 10.1.2.3', `https://private.attacker.example:${P}/`, 'address'],
  ['a name resolving to carrier-grade NAT', `https://cgnat.attacker.example:${P}/`, 'address'],
  ['169.254.169.254', `https://169.254.169.254:${P}/latest/meta-data/`, 'address'],
  ['a name resolving to 169.254.169.254', `https://metadata.attacker.example:${P}/`, 'address'],
  ['metadata.google.internal', 'https://metadata.google.internal/computeMetadata/v1/', 'name'],
  ['metadata.google.internal. on the port', `https://metadata.google.internal.:${P}/`, 'name'],
  ['AWS metadata over IPv6', `https://[fd00:ec2::254]:${P}/latest/meta-data/`, 'address'],
  ['a name resolving to fd00:ec2::254', `https://metadata6.attacker.example:${P}/`, 'address'],
  ['an IPv6 unique-local address', `https://[fd12:3456:789a::1]:${P}/`, 'address'],
  ['a name resolving to a unique-local address', `https://ula.attacker.example:${P}/`, 'address'],
  ['::ffff:127.0.0.1', `https://[::ffff:127.0.0.1]:${P}/push`, 'address'],
  ['::ffff:7f00:1', `https://[::ffff:7f00:1]:${P}/push`, 'address'],
  ['a name resolving to ::ffff:127.0.0.1', `https://mapped.attacker.example:${P}/`, 'address'],
  ['IPv4-compatible ::127.0.0.1', `https://[::127.0.0.1]:${P}/`, 'address'],
  ['NAT64 of 127.0.0.1', `https://[64:ff9b::7f00:1]:${P}/`, 'address'],
  ['6to4 of 127.0.0.1', `https://[2002:7f00:1::1]:${P}/`, 'address'],
  ['::1', `https://[::1]:${P}/`, 'address'],
  ['::', `https://[::]:${P}/`, 'address'],
  ['decimal 2130706433', `https://2130706433:${P}/push`, 'address'],
  ['hex 0x7f000001', `https://0x7f000001:${P}/push`, 'address'],
  ['octal 0177.0.0.1', `https://0177.0.0.1:${P}/push`, 'address'],
  ['short 127.1', `https://127.1:${P}/push`, 'address'],
  ['0 (0.0.0.0, which reaches this host)', `https://0:${P}/push`, 'address'],
  ['https://localhost./push', 'https://localhost./push', 'address'],
  ['localhost. on the port', `https://localhost.:${P}/push`, 'address'],
  ['LOCALHOST on the port', `https://LOCALHOST:${P}/push`, 'address'],
  ['a name under localhost', `https://push.localhost:${P}/push`, 'address'],
  ['a .local name', 'https://internal-service.local/push', 'name'],
  ['a single-label name', `https://intranet:${P}/push`, 'name'],
  ['a name that does not resolve', `https://nowhere.attacker.example:${P}/`, 'unresolved'],
  ['http: to a public name', 'http://public.attacker.example/push', 'scheme'],
  ['http: to 127.0.0.1', `http://127.0.0.1:${P}/push`, 'scheme'],
  ['a port that is not allowed', 'https://public.attacker.example:8443/push', 'port'],
  ['a user name in the URL', 'https://user:secret@public.attacker.example/push', 'url'],
  ['another scheme', `ftp://127.0.0.1:${P}/`, 'scheme'],
];

const otherPort = P === 65_535 ? P - 1 : P + 1;
const configurations: [string, number[]][] = [
  ['in production (loopback refused)', []],
  ['in development, loopback allowed only on another port', [otherPort]],
];

describe.each(configurations)('the outbound guard %s', (_name, loopbackPorts) => {
  const guard = createOutboundGuard({ resolve, loopbackPorts });

  it.each(hostile)('refuses %s, and the listener accepts no connection', async (_, url, reason) => {
    const refusal = await guard.send(url, policy, request).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(OutboundRefused);
    expect(refusal).toMatchObject({ reason });
    expect(target.connections()).toBe(0);
  });

  it('does not follow a redirect to loopback: a 307 is the answer, or the redirector is refused itself', async () => {
    const to127 = await startRedirector(307, `https://127.0.0.1:${P}/push`);
    const toName = await startRedirector(301, `http://loopback.attacker.example:${P}/`);
    const allowed = createOutboundGuard({ resolve, loopbackPorts: [...loopbackPorts] });
    for (const redirector of [to127, toName]) {
      const url = `https://127.0.0.1:${redirector.port}/push`;
      await expect(
        allowed.send(url, { ports: [443, redirector.port] }, request),
      ).rejects.toMatchObject({ reason: 'address' });
      expect(redirector.connections()).toBe(0);
    }
    expect(target.connections()).toBe(0);
  });
});

describe('the outbound guard with loopback allowed on a port (development)', () => {
  it('does not follow a redirect from that port to loopback elsewhere: the 3xx is the answer', async () => {
    const to127 = await startRedirector(307, `https://127.0.0.1:${P}/push`);
    const toName = await startRedirector(301, `http://loopback.attacker.example:${P}/`);
    for (const redirector of [to127, toName]) {
      const guard = createOutboundGuard({ resolve, loopbackPorts: [redirector.port] });
      const answer = await guard.send(`http://127.0.0.1:${redirector.port}/push`, policy, request);
      expect(answer.status).toBe(redirector === to127 ? 307 : 301);
      expect(redirector.requests()).toBe(1);
    }
    expect(target.connections()).toBe(0);
  });

  it('reaches the allowed port, so the counting above would see a connection', async () => {
    const control = await startCountingListener();
    const guard = createOutboundGuard({ resolve, loopbackPorts: [control.port] });
    const answer = await guard.send(`http://127.0.0.1:${control.port}/push`, policy, request);
    expect(answer.status).toBe(204);
    expect(control.connections()).toBe(1);
    // Loopback on that port only: the same host on the target's port stays refused.
    await expect(guard.send(`https://[::1]:${P}/`, policy, request)).rejects.toMatchObject({
      reason: 'address',
    });
    expect(target.connections()).toBe(0);
  });

  it('connects to the address it checked, even when the name answers otherwise by then (DNS rebinding)', async () => {
    const checked = await startCountingListener({ hosts: ['127.0.0.1'] });
    const rebound = await startCountingListener({ hosts: ['127.0.0.2'], port: checked.port });
    const guard = createOutboundGuard({ resolve, loopbackPorts: [checked.port] });
    dns.answer('rebind.attacker.example', ['127.0.0.1']);

    const destination = await guard.vet(`http://rebind.attacker.example:${checked.port}/`, policy);
    dns.answer('rebind.attacker.example', ['127.0.0.2']);
    const asked = dns.questions.length;
    const answer = await guard.sendTo(destination, request);

    expect(answer.status).toBe(204);
    expect(checked.connections()).toBe(1);
    expect(rebound.connections()).toBe(0);
    // The connection asked DNS nothing.
    expect(dns.questions.length).toBe(asked);
  });

  it('sends only to a destination it checked itself', async () => {
    const control = await startCountingListener();
    const guard = createOutboundGuard({ resolve, loopbackPorts: [] });
    const forged: Destination = {
      url: new URL(`http://127.0.0.1:${control.port}/`),
      port: control.port,
      address: '127.0.0.1',
      family: 4,
    };
    await expect(guard.sendTo(forged, request)).rejects.toBeInstanceOf(OutboundRefused);
    expect(control.connections()).toBe(0);
  });
});

describe('what an address is', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    PUBLIC,
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200a',
    '::ffff:8.8.8.8',
    // NAT64 of a public address: what a DNS64 resolver answers on an IPv6-only network.
    '64:ff9b::808:808',
  ])('%s is public', (address) => expect(classifyAddress(address)).toBe('public'));

  it.each(['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '64:ff9b::7f00:1'])(
    '%s is loopback',
    (address) => expect(classifyAddress(address)).toBe('loopback'),
  );

  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '100.100.100.200',
    '169.254.0.1',
    '169.254.169.254',
    '168.63.129.16',
    '192.0.0.1',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '2001:2::1',
    '2002:7f00:1::',
    '2002:808:808::',
    '3fff::1',
    '::7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::808:808',
    'not an address',
  ])('%s is internal', (address) => expect(classifyAddress(address)).toBe('internal'));
});
