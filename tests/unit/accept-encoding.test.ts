import { describe, expect, it } from 'vitest';
import { chooseCoding, codingFor, noneMatch } from '../../src/server/http/accept-encoding';

describe('Accept-Encoding (RFC 9110 §12.5.3)', () => {
  it.each([
    // No header: anything is acceptable; the plain bytes, as static servers send.
    [undefined, 'identity'],
    // An empty header: identity only.
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', 'identity'],
    ['zstd, compress, made-up', 'identity'],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br ; q=0.9 , gzip ; q=0.9', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.2, identity;q=0.5', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['*;q=0, gzip;q=0.1', 'gzip'],
    ['*;q=0, identity', 'identity'],
    // Nothing acceptable: the caller answers 406.
    ['identity;q=0', null],
    ['*;q=0', null],
    ['identity;q=0, zstd', null],
    ['br;q=0, gzip;q=0, identity;q=0', null],
    // A weight that does not parse drops its element, as an unknown coding is dropped.
    ['br;q=2, gzip', 'gzip'],
    ['br;q=0.5000, gzip;q=abc', 'identity'],
    ['gzip;q=1.000', 'gzip'],
    ['gzip;q=0.001', 'gzip'],
    [',, ,gzip,', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(chooseCoding(header)).toBe(expected);
    // The remembered answer is the same.
    expect(codingFor(header)).toBe(expected);
    expect(codingFor(header)).toBe(expected);
  });

  it('If-None-Match: weak comparison, lists and *', () => {
    const etag = 'W/"a1-xyz-gzip"';
    expect(noneMatch(undefined, etag)).toBe(false);
    expect(noneMatch(etag, etag)).toBe(true);
    expect(noneMatch('"a1-xyz-gzip"', etag)).toBe(true);
    expect(noneMatch('W/"other", W/"a1-xyz-gzip"', etag)).toBe(true);
    expect(noneMatch('*', etag)).toBe(true);
    expect(noneMatch('W/"a1-xyz-br"', etag)).toBe(false);
    expect(noneMatch('W/"a1-xyz"', etag)).toBe(false);
  });
});
