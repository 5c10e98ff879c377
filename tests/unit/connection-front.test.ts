import { describe, expect, it } from 'vitest';
import { KeptBytes, MAX_HEAD_BYTES, parseRequestHead } from '../../src/server/ssr/connection-front';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const plain = 'GET /product/lamp HTTP/1.1\r\nHost: shop.example\r\nAccept-Encoding: gzip, br\r\nUser-Agent: test\r\n\r\n';

/** The strict reader of the connection front (decision 068): what it does not take whole, Node's parser reads. */
describe('the connection front reads only plain page requests', () => {
  it('takes a plain GET or HEAD over HTTP/1.1, with lower-case header names, and says where it ends', () => {
    const parsed = parseRequestHead(bytes(plain));
    expect(parsed).toEqual({
      kind: 'request',
      method: 'GET',
      url: '/product/lamp',
      headers: { host: 'shop.example', 'accept-encoding': 'gzip, br', 'user-agent': 'test' },
      end: plain.length,
    });
    expect(parseRequestHead(bytes(plain.replace('GET', 'HEAD')))).toMatchObject({ kind: 'request', method: 'HEAD' });
    expect(parseRequestHead(bytes(plain.replace('\r\n\r\n', '\r\nConnection: Keep-Alive\r\n\r\n')))).toMatchObject({ kind: 'request' });
    expect(parseRequestHead(bytes('GET /category/a?page=2&tags=x%20y HTTP/1.1\r\nHost: h\r\n\r\n'))).toMatchObject({ kind: 'request', url: '/category/a?page=2&tags=x%20y' });
  });

  it('waits for the rest of a head split over packets, and reads pipelined requests one after the other', () => {
    for (let cut = 0; cut < plain.length; cut += 1) expect(parseRequestHead(bytes(plain.slice(0, cut))).kind).toBe('incomplete');
    const two = bytes(plain + plain.replace('/product/lamp', '/'));
    const first = parseRequestHead(two);
    expect(first).toMatchObject({ kind: 'request', url: '/product/lamp' });
    expect(parseRequestHead(two, (first as { end: number }).end)).toMatchObject({ kind: 'request', url: '/', end: two.length });
  });

  const refused: Record<string, string> = {
    'another method': plain.replace('GET', 'POST'),
    'a lower-case method': plain.replace('GET', 'get'),
    'HTTP/1.0 (other keep-alive rules)': plain.replace('HTTP/1.1', 'HTTP/1.0'),
    'HTTP/2 preface': 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    'an absolute-form target': plain.replace('/product/lamp', 'http://evil.example/product/lamp'),
    'an asterisk target': plain.replace('/product/lamp', '*'),
    'a space in the target': plain.replace('/product/lamp', '/product/la mp'),
    'two spaces in the request line': plain.replace('GET ', 'GET  '),
    'a fragment or quote in the target': plain.replace('/product/lamp', '/product/lamp#x"'),
    'Content-Length: 0': plain.replace('\r\n\r\n', '\r\nContent-Length: 0\r\n\r\n'),
    'Content-Length with a body': plain.replace('\r\n\r\n', '\r\nContent-Length: 5\r\n\r\nhello'),
    'duplicate Content-Length': plain.replace('\r\n\r\n', '\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n'),
    'Transfer-Encoding: chunked': plain.replace('\r\n\r\n', '\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'),
    'an obfuscated Transfer-Encoding': plain.replace('\r\n\r\n', '\r\nTransfer-Encoding : chunked\r\n\r\n'),
    'Transfer-Encoding after a tab': plain.replace('\r\n\r\n', '\r\nTransfer-Encoding:\tchunked\r\n\r\n'),
    'Expect: 100-continue': plain.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n'),
    'an upgrade': plain.replace('\r\n\r\n', '\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n'),
    'Connection: close': plain.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
    'a cookie (the owner, a device)': plain.replace('\r\n\r\n', '\r\nCookie: sid=1\r\n\r\n'),
    'credentials': plain.replace('\r\n\r\n', '\r\nAuthorization: Bearer x\r\n\r\n'),
    'a folded header (obs-fold)': plain.replace('User-Agent: test\r\n', 'User-Agent: test\r\n continued\r\n'),
    'a header line starting with a tab': plain.replace('User-Agent: test\r\n', 'User-Agent: test\r\n\tX: y\r\n'),
    'a space before the colon': plain.replace('User-Agent:', 'User-Agent :'),
    'a header without a colon': plain.replace('User-Agent: test', 'User-Agent test'),
    'a repeated header': plain.replace('\r\n\r\n', '\r\nAccept-Encoding: identity\r\n\r\n'),
    'two Host headers': plain.replace('\r\n\r\n', '\r\nHost: other.example\r\n\r\n'),
    'no Host': plain.replace('Host: shop.example\r\n', ''),
    'a bare LF line end': plain.replace('Host: shop.example\r\n', 'Host: shop.example\n'),
    'a bare CR inside a line': plain.replace('User-Agent: test', 'User-Agent: te\rst'),
    'a NUL byte': plain.replace('test', 'te\u0000st'),
    'a byte above ASCII': plain.replace('test', 'tést'),
    'a DEL byte': plain.replace('test', 'te\u007fst'),
    'a space before the first line': ` ${plain}`,
    'an empty line first': `\r\n${plain}`,
  };
  for (const [name, text] of Object.entries(refused)) {
    it(`hands to Node: ${name}`, () => {
      expect(parseRequestHead(bytes(text)).kind).toBe('refuse');
    });
  }

  it('hands a huge head to Node (its limit and 431) whether it is whole or still coming, and too many headers', () => {
    const huge = plain.replace('User-Agent: test', `User-Agent: ${'a'.repeat(MAX_HEAD_BYTES)}`);
    expect(parseRequestHead(bytes(huge)).kind).toBe('refuse');
    expect(parseRequestHead(bytes(huge.slice(0, MAX_HEAD_BYTES + 100))).kind).toBe('refuse');
    const many = plain.replace('\r\n\r\n', `\r\n${Array.from({ length: 80 }, (_, i) => `X-${i}: y`).join('\r\n')}\r\n\r\n`);
    expect(parseRequestHead(bytes(many)).kind).toBe('refuse');
  });
});

describe('the connection front does not wait for what cannot be plain', () => {
  for (const [name, start] of Object.entries({
    'bare LF line ends': 'GET /product/lamp HTTP/1.1\nHost: x\n',
    'another method': 'POST /api/x HTTP/1.1\r\nHo',
    'a control byte': 'GET /\u0001',
    'a bare CR': 'GET / HTTP/1.1\rHost',
  })) {
    it(`refuses ${name} before the head is whole`, () => expect(parseRequestHead(Buffer.from(start, 'latin1')).kind).toBe('refuse'));
  }
});

describe('the kept bytes of an answer', () => {
  const reply = { head: bytes('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n'), body: bytes('page') };
  const whole = (date: string, timeout = 5) => `HTTP/1.1 200 OK\r\nContent-Length: 4\r\nDate: ${date}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${timeout}\r\n\r\n`;
  const text = (answer: Buffer | Buffer[]) => (Buffer.isBuffer(answer) ? answer : Buffer.concat(answer)).toString('latin1');

  it('writes pieces for the first ask of a second, then one joined Buffer with the same bytes, reused within the second', () => {
    let now = Date.UTC(2026, 10, 29, 13, 0, 0, 100);
    const kept = new KeptBytes(() => now);
    const first = kept.of(reply, 'GET', 5);
    expect(Array.isArray(first)).toBe(true);
    expect(text(first)).toBe(`${whole('Sun, 29 Nov 2026 13:00:00 GMT')}page`);
    const second = kept.of(reply, 'GET', 5);
    expect(Buffer.isBuffer(second)).toBe(true);
    expect(text(second)).toBe(text(first));
    now += 800;
    expect(kept.of(reply, 'GET', 5)).toBe(second);
    // HEAD: the same head, no body.
    expect(text(kept.of(reply, 'HEAD', 5))).toBe(whole('Sun, 29 Nov 2026 13:00:00 GMT'));
    expect(text(kept.of(reply, 'HEAD', 5))).toBe(whole('Sun, 29 Nov 2026 13:00:00 GMT'));
  });

  it('makes the Date line again each second, and the Keep-Alive line when the timeout changes', () => {
    let now = Date.UTC(2026, 10, 29, 13, 0, 0, 900);
    const kept = new KeptBytes(() => now);
    kept.of(reply, 'GET', 5);
    const before = kept.of(reply, 'GET', 5);
    now += 200;
    const after = kept.of(reply, 'GET', 5);
    expect(text(after)).toBe(`${whole('Sun, 29 Nov 2026 13:00:01 GMT')}page`);
    expect(text(before)).toBe(`${whole('Sun, 29 Nov 2026 13:00:00 GMT')}page`);
    expect(text(kept.of(reply, 'GET', 72))).toBe(`${whole('Sun, 29 Nov 2026 13:00:01 GMT', 72)}page`);
  });

  it('a 304 (no body) is its head alone, for GET as for HEAD', () => {
    const kept = new KeptBytes(() => Date.UTC(2026, 10, 29, 13, 0, 0));
    const notModified = { head: bytes('HTTP/1.1 304 Not Modified\r\nETag: "x"\r\n'), body: undefined };
    for (let i = 0; i < 3; i += 1) expect(text(kept.of(notModified, 'GET', 5))).toBe(`HTTP/1.1 304 Not Modified\r\nETag: "x"\r\nDate: Sun, 29 Nov 2026 13:00:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n`);
  });
});
