import { embeddedIpv4 } from './embeddedIpv4';
import { ipv4Text, parseIpv4, parseIpv6 } from './ipAddress';

/**
 * Where a fetch may connect (spec §22): `never` whatever the approval says (link-local, cloud metadata, addresses
 * that are not one machine); `private` only when the host is in web.allowedDomains (loopback, private, CGNAT, ULA);
 * `public` otherwise. The reason is what the model is told.
 */
export type AddressClass = { kind: 'public' } | { kind: 'private' | 'never'; reason: string };

const publicAddress: AddressClass = { kind: 'public' };
const never = (reason: string): AddressClass => ({ kind: 'never', reason });
const privateAddress = (reason: string): AddressClass => ({ kind: 'private', reason });

/** Names that reach a cloud's instance metadata (credentials) from inside the instance. */
const metadataNames = ['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.com'];

const v4Ranges: ReadonlyArray<[string, number, (text: string) => AddressClass]> = [
  ['0.0.0.0', 8, () => never('it is an unspecified address ("this network"), which reaches this machine')],
  ['169.254.0.0', 16, () => never('it is a link-local address, where cloud metadata services (credentials) live')],
  ['100.100.100.200', 32, () => never('it is a cloud metadata address (Alibaba Cloud)')],
  ['168.63.129.16', 32, () => never('it is a cloud metadata address (Azure\'s host service)')],
  ['192.0.0.192', 32, () => never('it is a cloud metadata address (Oracle Cloud)')],
  ['224.0.0.0', 4, () => never('it is a multicast address')],
  ['240.0.0.0', 4, () => never('it is a reserved address')],
  ['127.0.0.0', 8, (a) => privateAddress(`${a} is a loopback address (this machine)`)],
  ['10.0.0.0', 8, (a) => privateAddress(`${a} is a private network address`)],
  ['172.16.0.0', 12, (a) => privateAddress(`${a} is a private network address`)],
  ['192.168.0.0', 16, (a) => privateAddress(`${a} is a private network address`)],
  ['100.64.0.0', 10, (a) => privateAddress(`${a} is a carrier-grade NAT (shared) address`)],
  ['198.18.0.0', 15, (a) => privateAddress(`${a} is a network benchmarking address`)],
  ['192.0.0.0', 24, (a) => privateAddress(`${a} is an IETF protocol address`)],
];

function inV4(n: number, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return ((n & mask) >>> 0) === ((parseIpv4(base)! & mask) >>> 0);
}

export function classifyIpv4(n: number): AddressClass {
  const text = ipv4Text(n);
  const range = v4Ranges.find(([base, bits]) => inV4(n, base, bits));
  return range ? range[2](text) : publicAddress;
}

export function classifyIpv6(groups: readonly number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (end: number) => groups.slice(0, end).every((g) => g === 0);
  // A form that carries an IPv4 address is judged as it (::ffff:169.254.169.254 is the metadata service); one
  // that carries two (Teredo) as the stricter of them.
  const carried = embeddedIpv4(groups);
  if (carried) return strictest(carried.map(classifyIpv4));
  if (zeroUpTo(8)) return never('it is the unspecified address (::), which reaches this machine');
  if (zeroUpTo(7) && g7 === 1) return privateAddress('::1 is the loopback address (this machine)');
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) {
    return never('it is the cloud metadata address fd00:ec2::254');
  }
  if ((g0 & 0xffc0) === 0xfe80) return never('it is a link-local address (fe80::/10)');
  if ((g0 & 0xff00) === 0xff00) return never('it is a multicast address');
  if ((g0 & 0xfe00) === 0xfc00) return privateAddress('it is a unique local (private) IPv6 address');
  if ((g0 & 0xffc0) === 0xfec0) return privateAddress('it is a site-local (private) IPv6 address');
  return publicAddress;
}

const severity = { public: 0, private: 1, never: 2 } as const;

function strictest(classes: readonly AddressClass[]): AddressClass {
  return classes.reduce((worst, c) => (severity[c.kind] > severity[worst.kind] ? c : worst), publicAddress);
}

/** An address literal (`1.2.3.4`, `::1`, `[::1]`) classified; undefined when the text is not an address. */
export function classifyAddress(text: string): AddressClass | undefined {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return classifyIpv4(v4);
  const v6 = parseIpv6(text);
  return v6 ? classifyIpv6(v6) : undefined;
}

/**
 * A URL's host as far as it can be judged before any lookup: an address literal by its address, a metadata name
 * always refused, `localhost` names as loopback. Other names are judged on the address actually connected to.
 */
export function classifyHost(host: string): AddressClass | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  const literal = classifyAddress(name);
  if (literal) return literal;
  if (metadataNames.includes(name)) return never(`${name} is a cloud metadata service`);
  if (name === 'localhost' || name.endsWith('.localhost')) return privateAddress(`${name} is this machine (loopback)`);
  return undefined;
}
