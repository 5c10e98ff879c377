import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Addresses that are not the public internet, from IANA's IPv4 and IPv6
 * special-purpose registries (every block not "globally reachable") and the
 * address-space registries (multicast, reserved). Neither the webhook sender
 * nor the image fetcher of imports connects to one unless told to (a URL must
 * not reach the site's own network or a cloud's metadata service).
 */
const NOT_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: cloud metadata at 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery…)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
];

/**
 * Within 2000::/3, the only IPv6 space handed out for the internet; every
 * address outside it is refused anyway (unspecified, loopback, IPv4-compatible,
 * NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, SRv6 5f00::/16,
 * unique-local fc00::/7, link-local fe80::/10, old site-local fec0::/10,
 * multicast ff00::/8 and the reserved rest). IPv4-mapped addresses are judged
 * as the IPv4 address they carry.
 */
const NOT_PUBLIC_V6_GLOBAL: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address that may be private
  ['3fff::', 20], // documentation (RFC 9637)
];

const BLOCKED = new net.BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NOT_PUBLIC_V6_GLOBAL) BLOCKED.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    if (!net.isIPv4(dotted)) return undefined;
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string | undefined) => (half ? half.split(':').map((group) => parseInt(group, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const groups = halves.length === 2 ? [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** Whether an IP address is on the public internet; anything that is not an IP address is not. */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return !BLOCKED.check(address, 'ipv4');
  if (net.isIP(address.replace(/%.*$/, '')) !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  // ::ffff:a.b.c.d, however written (::ffff:7f00:1 is 127.0.0.1).
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return isPublicAddress(`${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`);
  }
  if ((groups[0]! & 0xe000) !== 0x2000) return false;
  return !BLOCKED.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

/** Which addresses a connection may go to (isPublicAddress, or anything when private ones are allowed). */
export type Permit = (address: string) => boolean;
export const ANY_ADDRESS: Permit = () => true;

/** A host's addresses, all judged: `refused` names the first one not permitted; none at all when the name does not resolve. */
export type CheckedHost = { addresses: dns.LookupAddress[]; refused?: string };

/** `example.com` or an IP literal (`[::1]` as a URL writes it): an IP literal stands for itself, a name is resolved once. */
export async function checkHost(hostname: string, permit: Permit): Promise<CheckedHost> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => []);
  const refused = addresses.find((entry) => !permit(entry.address));
  return refused ? { addresses, refused: refused.address } : { addresses };
}

/**
 * The socket lookup of a connection to a checked host: it answers the
 * addresses that were checked and nothing else, so no second DNS answer can
 * slip in another address between the check and the connect.
 */
export function pinnedLookup(addresses: readonly dns.LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, [...addresses]);
    callback(null, first.address, first.family);
  };
}
