import { describe, expect, it } from 'vitest';
import { checkHost, isPublicAddress, pinnedLookup } from '../../src/server/http/public-address';

/**
 * One list of addresses that are not the public internet, for the webhook
 * sender and the image fetcher of imports alike (IANA's special-purpose
 * registries, multicast and reserved space). Each row: an address, whether it
 * is public, and why.
 */
const TABLE: readonly (readonly [address: string, isPublic: boolean, why: string])[] = [
  ['8.8.8.8', true, 'a public IPv4 address'],
  ['93.184.215.14', true, 'a public IPv4 address'],
  ['1.1.1.1', true, 'a public IPv4 address'],
  ['0.0.0.0', false, '"this network" 0/8'],
  ['0.1.2.3', false, '"this network" 0/8'],
  ['10.0.0.1', false, 'private 10/8'],
  ['100.64.0.1', false, 'carrier-grade NAT 100.64/10'],
  ['100.127.255.254', false, 'carrier-grade NAT 100.64/10'],
  ['100.128.0.1', true, 'just past carrier-grade NAT'],
  ['127.0.0.1', false, 'loopback'],
  ['127.255.255.254', false, 'loopback 127/8'],
  ['169.254.169.254', false, 'link-local: cloud metadata'],
  ['172.16.0.1', false, 'private 172.16/12'],
  ['172.31.255.255', false, 'private 172.16/12'],
  ['172.32.0.1', true, 'just past 172.16/12'],
  ['192.0.0.170', false, 'IETF protocol assignments 192.0.0/24'],
  ['192.0.2.1', false, 'documentation TEST-NET-1'],
  ['192.88.99.1', false, '6to4 relay anycast (deprecated)'],
  ['192.168.1.1', false, 'private 192.168/16'],
  ['198.18.0.1', false, 'benchmarking 198.18/15'],
  ['198.19.255.255', false, 'benchmarking 198.18/15'],
  ['198.51.100.7', false, 'documentation TEST-NET-2'],
  ['203.0.113.5', false, 'documentation TEST-NET-3'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast (SSDP)'],
  ['240.0.0.1', false, 'reserved 240/4'],
  ['255.255.255.255', false, 'broadcast'],
  ['2606:4700:4700::1111', true, 'a public IPv6 address'],
  ['2a00:1450:4001:82b::200e', true, 'a public IPv6 address'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public address'],
  ['::', false, 'unspecified'],
  ['::1', false, 'loopback'],
  ['0:0:0:0:0:0:0:1', false, 'loopback, written out'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback in hex (as a URL writes it)'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
  ['::ffff:a9fe:a9fe', false, 'IPv4-mapped metadata address in hex'],
  ['0:0:0:0:0:ffff:c0a8:101', false, 'IPv4-mapped private, written out'],
  ['::ffff:0:a00:1', false, 'IPv4-translated (SIIT)'],
  ['::10.0.0.1', false, 'IPv4-compatible (deprecated)'],
  ['64:ff9b::a00:1', false, 'NAT64 well-known prefix'],
  ['64:ff9b::808:808', false, 'NAT64 well-known prefix, even to a public IPv4'],
  ['64:ff9b:1::1', false, 'NAT64 local-use prefix'],
  ['100::1', false, 'discard-only 100::/64'],
  ['100:0:0:1::1', false, 'dummy prefix (outside global unicast)'],
  ['2001::1', false, 'Teredo (IETF protocol assignments 2001::/23)'],
  ['2001:2::1', false, 'benchmarking'],
  ['2001:10::1', false, 'ORCHID'],
  ['2001:db8::1', false, 'documentation'],
  ['2002:c0a8:101::1', false, '6to4 carrying 192.168.1.1'],
  ['3fff::1', false, 'documentation 3fff::/20'],
  ['5f00::1', false, 'SRv6 SIDs'],
  ['fc00::1', false, 'unique local'],
  ['fd00:ec2::254', false, 'unique local: AWS metadata over IPv6'],
  ['fe80::1', false, 'link-local'],
  ['fe80::1%eth0', false, 'link-local with a zone'],
  ['fec0::1', false, 'site-local (deprecated)'],
  ['ff02::1', false, 'multicast'],
  ['not-an-ip', false, 'not an address at all'],
  ['', false, 'nothing'],
  ['1.2.3', false, 'not a whole IPv4 address'],
];

describe('public addresses: one list for every outgoing connection', () => {
  it.each(TABLE)('%s → public: %s (%s)', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('judges an IP literal as itself, as a URL writes it, without asking DNS', async () => {
    expect(await checkHost('[::ffff:127.0.0.1]', isPublicAddress)).toEqual({ addresses: [{ address: '::ffff:127.0.0.1', family: 6 }], refused: '::ffff:127.0.0.1' });
    expect(await checkHost(new URL('http://[::ffff:127.0.0.1]/').hostname, isPublicAddress)).toMatchObject({ refused: '::ffff:7f00:1' });
    expect(await checkHost('8.8.8.8', isPublicAddress)).toEqual({ addresses: [{ address: '8.8.8.8', family: 4 }] });
  });

  it('refuses a name when any of its addresses is not permitted; a name that does not resolve has none', async () => {
    const localhost = await checkHost('localhost', isPublicAddress);
    expect(localhost.addresses.length).toBeGreaterThan(0);
    expect(localhost.refused).toBeDefined();
    expect(await checkHost('no-such-host.invalid', isPublicAddress)).toEqual({ addresses: [] });
  });

  it('a pinned lookup answers the checked addresses and no other', () => {
    const lookup = pinnedLookup([{ address: '203.0.113.9', family: 4 }, { address: '2001:db8::9', family: 6 }]);
    const seen: unknown[] = [];
    lookup('anything.example', {}, (error, address, family) => seen.push([error, address, family]));
    lookup('anything.example', { all: true }, (error, addresses) => seen.push([error, addresses]));
    expect(seen).toEqual([
      [null, '203.0.113.9', 4],
      [null, [{ address: '203.0.113.9', family: 4 }, { address: '2001:db8::9', family: 6 }]],
    ]);
  });
});
