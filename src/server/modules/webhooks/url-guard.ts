import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Where a webhook may not go unless WEBHOOK_ALLOW_PRIVATE is set (decision
 * 065): loopback, private, carrier-grade NAT, link-local (cloud metadata
 * lives at 169.254.169.254 and fd00:ec2::254), multicast and reserved ranges.
 */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32], ['100::', 64],
] as const) BLOCKED.addSubnet(address, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

export const PRIVATE_REFUSED = 'points to a loopback, private, link-local or metadata address';

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why an endpoint URL is refused at save, or null: http(s) only, and no host that resolves to a private address. */
export async function endpointUrlProblem(value: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http:// or https:// URL';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (net.isIP(host)) return isPrivateAddress(host) ? PRIVATE_REFUSED : null;
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    return addresses.some((entry) => isPrivateAddress(entry.address)) ? PRIVATE_REFUSED : null;
  } catch {
    return 'has a host name that does not resolve';
  }
}

/**
 * The lookup a delivery connects with: the name is resolved again at connect
 * time (a DNS answer may have changed since the save) and the socket goes to
 * the address that was checked, so no second resolution can slip in another.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, which ${PRIVATE_REFUSED}`), { code: 'EPRIVATE' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** An IP literal never reaches a lookup: it is judged here, before connecting. */
export const literalRefused = (url: URL, allowPrivate: boolean) => !allowPrivate && net.isIP(hostOf(url)) !== 0 && isPrivateAddress(hostOf(url));
