import { lookup, Resolver } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, isIPv4, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import {
  loopbackNames,
  metadataAddresses,
  refusedNameSuffixes,
  refusedNames,
} from './outbound-refused.js';

/**
 * The one way the server sends a request to an address a person gave it (web push endpoints;
 * any later webhook too). Such an address must not reach inside: the guard resolves the name
 * once, refuses it unless every address it has is public, and connects to the address it checked
 * (the connection's `lookup` answers only that address), so a name that changes its answer between
 * the check and the connection (DNS rebinding) cannot move it. It never follows a redirect: a 3xx
 * is the answer; a caller that wants to follow one sends the new URL through the guard again.
 */

/** Why a destination was refused: for logs and metrics, never for the person who gave it. */
export type OutboundRefusalReason =
  /** Not an absolute http(s) URL, or one carrying a user name or password. */
  | 'url'
  /** Not https: (http: reaches an allowed loopback port only). */
  | 'scheme'
  /** Not on one of the allowed ports. */
  | 'port'
  /** A single-label, special-use or private-use name, or a metadata service's. */
  | 'name'
  /** The name has no address, or DNS did not answer in time. */
  | 'unresolved'
  /** The address (or one of the name's) is loopback, private, link-local or otherwise internal. */
  | 'address';

export class OutboundRefused extends Error {
  constructor(readonly reason: OutboundRefusalReason) {
    super(`the outbound request was refused (${reason})`);
    this.name = 'OutboundRefused';
  }
}

/** Every address of a host name (A and AAAA); an empty list or a rejection when it has none. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** How long a name may take to resolve before the destination is refused as unresolved. */
const RESOLVE_TIMEOUT_MS = 3_000;

/**
 * The system's resolver (getaddrinfo). The guard asks for absolute names (a trailing dot), so no
 * search domain is tried, and glibc does not match them against /etc/hosts either.
 */
export function systemResolver(timeoutMs = RESOLVE_TIMEOUT_MS): ResolveHost {
  return async (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the name did not resolve in time')), timeoutMs);
    });
    try {
      const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
      return found.map((entry) => entry.address);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** DNS servers of its own (`ip` or `ip:port`), instead of the system's resolver. */
export function dnsServersResolver(servers: string[], timeoutMs = RESOLVE_TIMEOUT_MS): ResolveHost {
  const resolver = new Resolver({ timeout: Math.ceil(timeoutMs / 2), tries: 2 });
  resolver.setServers(servers);
  return async (hostname) => {
    const answers = await Promise.allSettled([
      resolver.resolve4(hostname),
      resolver.resolve6(hostname),
    ]);
    return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  };
}

/** What an address is to the guard. */
export type AddressKind = 'public' | 'loopback' | 'internal';

const metadata = new Set(metadataAddresses.map((text) => ipaddr.parse(text).toNormalizedString()));
/** IPv6 global unicast (RFC 4291): outside it no public service listens. */
const globalUnicast = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the IPv4 address a DNS64 resolver embedded. */
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');

function ipv4Kind(address: ipaddr.IPv4): AddressKind {
  if (metadata.has(address.toNormalizedString())) return 'internal';
  const range = address.range();
  if (range === 'loopback') return 'loopback';
  // Everything ipaddr.js names (private, link-local, CGNAT, unspecified, broadcast, multicast,
  // documentation, benchmarking, reserved…) is not a public service.
  return range === 'unicast' ? 'public' : 'internal';
}

/**
 * Whether an address (as DNS or a URL gives it) is public, loopback or internal. An IPv6 form of
 * an IPv4 address (mapped, or NAT64's) is judged by that IPv4 address; the other forms that embed
 * one (compatible, 6to4, Teredo, local NAT64) are refused whatever they embed.
 */
export function classifyAddress(text: string): AddressKind {
  if (!isIP(text.split('%')[0] ?? '')) return 'internal';
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return ipv4Kind(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  if (metadata.has(v6.toNormalizedString())) return 'internal';
  if (v6.isIPv4MappedAddress()) return ipv4Kind(v6.toIPv4Address());
  if (v6.match(nat64)) {
    const [high = 0, low = 0] = v6.parts.slice(6);
    return ipv4Kind(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]));
  }
  const range = v6.range();
  if (range === 'loopback') return 'loopback';
  return range === 'unicast' && v6.match(globalUnicast) ? 'public' : 'internal';
}

/** A name that is never a public service's, compared without case or a trailing dot. */
function isRefusedName(name: string): boolean {
  if (!name.includes('.')) return true;
  if (refusedNames.includes(name)) return true;
  return refusedNameSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

const isLoopbackName = (name: string) =>
  loopbackNames.some((loopback) => name === loopback || name.endsWith(`.${loopback}`));

/** Where a request may go: checked, with the one address its connection will use. */
export interface Destination {
  url: URL;
  port: number;
  address: string;
  family: 4 | 6;
}

export interface OutboundPolicy {
  /** The ports a destination may be on (always https:). */
  ports: readonly number[];
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: Uint8Array | null;
  /** From the connection's start to the answer's status line. */
  timeoutMs: number;
}

/** The status and headers; the body is not read. */
export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

export interface OutboundGuardOptions {
  resolve: ResolveHost;
  /**
   * Development and tests only (the configuration refuses it in production): loopback ports a
   * destination may be on, over http: or https:, e.g. a local stand-in for a push service.
   * Empty: loopback is refused like every internal address.
   */
  loopbackPorts: readonly number[];
}

/** The connection's only answer to "where is this name": the address that was checked. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const sameAddress = (one: string | undefined, other: string) =>
  one !== undefined &&
  isIP(one) !== 0 &&
  ipaddr.process(one).toNormalizedString() === ipaddr.process(other).toNormalizedString();

export function createOutboundGuard({ resolve, loopbackPorts }: OutboundGuardOptions) {
  /** Destinations this guard checked: the only ones it sends to. */
  const vetted = new WeakSet<Destination>();

  async function addressesOf(hostname: string): Promise<string[]> {
    // WHATWG URL parsing has already written every IPv4 form (decimal, hex, octal, 127.1) as
    // dotted decimal, and IPv6 in brackets.
    if (hostname.startsWith('[')) return [hostname.slice(1, -1)];
    if (isIPv4(hostname)) return [hostname];
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (isLoopbackName(name)) return ['127.0.0.1', '::1'];
    if (isRefusedName(name)) throw new OutboundRefused('name');
    let addresses: string[];
    try {
      // Absolute (a trailing dot), so no search domain of the host is tried.
      addresses = await resolve(`${name}.`);
    } catch {
      throw new OutboundRefused('unresolved');
    }
    if (addresses.length === 0) throw new OutboundRefused('unresolved');
    return addresses;
  }

  /**
   * Checks a destination: an https: URL on one of `policy.ports` whose every address is public
   * (or, where configured, http: or https: on an allowed loopback port, every address loopback).
   * Throws OutboundRefused; answers the address to connect to.
   */
  async function vet(target: string | URL, policy: OutboundPolicy): Promise<Destination> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundRefused('url');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused('scheme');
    if (url.username || url.password) throw new OutboundRefused('url');
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const checkPolicy = () => {
      if (url.protocol !== 'https:') throw new OutboundRefused('scheme');
      if (!policy.ports.includes(port)) throw new OutboundRefused('port');
    };
    const loopbackAllowed = loopbackPorts.includes(port);
    // Refused before any DNS question when the scheme or port alone rule it out.
    if (!loopbackAllowed) checkPolicy();

    const addresses = await addressesOf(url.hostname);
    const kinds = addresses.map(classifyAddress);
    if (kinds.includes('internal')) throw new OutboundRefused('address');
    if (kinds.includes('loopback')) {
      if (!loopbackAllowed || kinds.some((kind) => kind !== 'loopback')) {
        throw new OutboundRefused('address');
      }
    } else if (loopbackAllowed) {
      checkPolicy();
    }
    const address = addresses[0]!;
    const destination: Destination = Object.freeze({
      url,
      port,
      address,
      family: isIP(address) === 6 ? 6 : 4,
    });
    vetted.add(destination);
    return destination;
  }

  /**
   * Sends to a destination `vet` answered, connecting to the address it checked, without asking
   * DNS again. A redirect is not followed.
   */
  async function sendTo(
    destination: Destination,
    request: OutboundRequest,
  ): Promise<OutboundAnswer> {
    if (!vetted.has(destination)) throw new OutboundRefused('address');
    const { url, port, address, family } = destination;
    const client = url.protocol === 'https:' ? https : http;
    return await new Promise<OutboundAnswer>((resolveAnswer, reject) => {
      const outgoing = client.request(
        {
          // The name stays the request's host: TLS checks the certificate against it.
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: request.headers,
          lookup: pinnedLookup(address, family),
          agent: false,
          signal: AbortSignal.timeout(request.timeoutMs),
        },
        (response) => {
          resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers });
          response.destroy();
        },
      );
      outgoing.on('error', reject);
      // The pinned lookup is the only way to an address; this makes sure no path went around it.
      outgoing.on('socket', (socket) => {
        socket.once('connect', () => {
          if (!sameAddress(socket.remoteAddress, address)) {
            outgoing.destroy(new OutboundRefused('address'));
          }
        });
      });
      outgoing.end(request.body ?? undefined);
    });
  }

  return {
    vet,
    sendTo,

    /**
     * Checks `target` and sends the request to the address checked. A redirect is not followed;
     * an OutboundRefused means nothing was sent.
     */
    async send(
      target: string | URL,
      policy: OutboundPolicy,
      request: OutboundRequest,
    ): Promise<OutboundAnswer> {
      return sendTo(await vet(target, policy), request);
    },
  };
}

export type OutboundGuard = ReturnType<typeof createOutboundGuard>;
