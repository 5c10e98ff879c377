import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** proxy-addr's range names, as TRUST_PROXY accepts them (config.ts). */
const RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [['127.0.0.1', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

export type TrustedHop = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a test of each hop, the way Fastify reads it for `request.ip`. */
export function trustedHop(trustProxy: false | number | string[]): TrustedHop {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  const list = new BlockList();
  for (const entry of trustProxy) {
    for (const [address, bits, family] of RANGES[entry] ?? []) list.addSubnet(address, bits, family);
    if (RANGES[entry]) continue;
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => (isIPv4(address) || isIPv6(address)) && list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * The client's address from a raw request (the cached path has no Fastify
 * request): the socket's peer, then X-Forwarded-For from the right for as many
 * hops as are trusted — the same answer as Fastify's `request.ip`.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: TrustedHop): string {
  let address = socketAddress ?? '';
  if (!forwardedFor) return address;
  const hops = forwardedFor.split(',').map((hop) => hop.trim()).filter(Boolean).reverse();
  for (let hop = 0; hop < hops.length && trusted(address, hop); hop++) address = hops[hop]!;
  return address;
}

export const rawClientAddress = (request: IncomingMessage, trusted: TrustedHop) =>
  clientAddress(request.socket.remoteAddress, headerText(request.headers['x-forwarded-for']), trusted);

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);
