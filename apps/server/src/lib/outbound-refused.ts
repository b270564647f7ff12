/**
 * Names and addresses the outbound guard (`outbound.ts`) refuses whatever the ranges say. A name
 * is refused when it is one of `refusedNames` or ends with `.<suffix>` of `refusedNameSuffixes`
 * (or is that suffix itself); compared in lower case, without a trailing dot.
 */

/** Names that resolve to the host itself without asking DNS (RFC 6761 §6.3). */
export const loopbackNames = ['localhost'];

/**
 * Names that are never a public service: special-use and private-use names (RFC 6761 `invalid`,
 * RFC 6762 `local`, RFC 7686 `onion`, RFC 8375 `home.arpa`, RFC 9476 `alt`, ICANN's private-use
 * `internal`), and the made-up top-level names of company and home networks, which a resolver on
 * those networks answers with internal addresses.
 */
export const refusedNameSuffixes = [
  'internal',
  'local',
  'localdomain',
  'home.arpa',
  'invalid',
  'onion',
  'alt',
  'intranet',
  'corp',
  'home',
  'lan',
  'private',
];

/**
 * The cloud instance-metadata services' names (Google's; the others have an address only). The
 * `internal` suffix covers it too; named on its own so that no edit of the suffixes lets it in.
 */
export const refusedNames = ['metadata.google.internal'];

/**
 * The cloud instance-metadata and host services' addresses. Most already fall in a refused range
 * (link-local, carrier-grade NAT, unique-local); Azure's host endpoint is a public address.
 */
export const metadataAddresses = [
  // AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack; AWS's ECS task metadata and time service.
  '169.254.169.254',
  '169.254.170.2',
  '169.254.169.123',
  // AWS over IPv6 (Nitro).
  'fd00:ec2::254',
  // Alibaba Cloud.
  '100.100.100.200',
  // Azure's host endpoint (WireServer).
  '168.63.129.16',
];
