import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';

type Answer = { status: number; head: string; body: Buffer };

/** A raw connection: writes bytes as given and reads answers off the wire, as a client would. */
class Wire {
  private readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  ended = false;
  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    this.socket.on('close', () => {
      this.ended = true;
      this.waiting?.();
    });
    this.socket.on('error', () => {});
  }
  write(text: string | Buffer): void {
    this.socket.write(text);
  }
  private async more(): Promise<void> {
    if (this.ended) throw new Error(`connection closed; received so far: ${this.received.toString('latin1').slice(0, 300)}`);
    await new Promise<void>((resolve) => (this.waiting = resolve));
    this.waiting = undefined;
  }
  /** The next answer; `head`: whether it answers a HEAD (no body whatever its Content-Length). */
  async read(head = false): Promise<Answer> {
    let end = -1;
    while ((end = this.received.indexOf('\r\n\r\n')) === -1) await this.more();
    const text = this.received.toString('latin1', 0, end + 4);
    const status = Number(text.slice(9, 12));
    const length = head || status === 304 ? 0 : Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? 0);
    while (this.received.length < end + 4 + length) await this.more();
    const body = this.received.subarray(end + 4, end + 4 + length);
    this.received = this.received.subarray(end + 4 + length);
    return { status, head: text, body };
  }
  async closed(): Promise<boolean> {
    const deadline = Date.now() + 5000;
    while (!this.ended && Date.now() < deadline) await Promise.race([this.more().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 50))]);
    return this.ended;
  }
  get leftover(): Buffer {
    return this.received;
  }
  end(): void {
    this.socket.destroy();
  }
}

const get = (path: string, headers = '', method = 'GET') => `${method} ${path} HTTP/1.1\r\nHost: shop.example\r\nUser-Agent: wire-test\r\n${headers}\r\n`;
/** The head with its Date value blanked: the one line that changes from second to second. */
const sameBytes = (answer: Answer) => Buffer.concat([Buffer.from(answer.head.replace(/\r\nDate: [^\r]*/, '\r\nDate: -'), 'latin1'), answer.body]);

/**
 * Over real HTTP, raw bytes on the wire (decision 068): a plain request of a kept page is answered by the
 * connection front, without Node's HTTP parser, with the same bytes Node writes for it; everything else
 * is Node's and Fastify's.
 */
describe('the cached path at the connection', () => {
  let t: TestApp;
  let port = 0;
  /** Requests Node's HTTP server parsed (its 'request' event): the front's answers are not among them. */
  let parsedByNode = 0;
  const wires: Wire[] = [];
  const wire = () => {
    const made = new Wire(port);
    wires.push(made);
    return made;
  };
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'lamp', title: 'Lamp' }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    t.app.server.on('request', () => (parsedByNode += 1));
    // The first ask renders the page and teaches the front its address.
    const first = wire();
    first.write(get('/product/lamp'));
    expect((await first.read()).status).toBe(200);
  });
  afterAll(async () => {
    for (const made of wires) made.end();
    await t?.close();
  });

  it('answers every coding, HEAD and 304 with the bytes Node writes for the same request', async () => {
    for (const acceptEncoding of ['Accept-Encoding: br\r\n', 'Accept-Encoding: gzip;q=1, br;q=0.5\r\n', '', 'Accept-Encoding: zstd, identity;q=0.3\r\n']) {
      // Through Node: a cookie makes the first request not plain, and the connection is Node's from then on.
      const throughNode = wire();
      throughNode.write(get('/product/lamp', `Cookie: a=b\r\n${acceptEncoding}`));
      await throughNode.read();
      const front = wire();
      for (const [headers, method] of [
        [acceptEncoding, 'GET'],
        [acceptEncoding, 'HEAD'],
      ] as const) {
        const before = parsedByNode;
        throughNode.write(get('/product/lamp', headers, method));
        const byNode = await throughNode.read(method === 'HEAD');
        expect(parsedByNode).toBe(before + 1);
        front.write(get('/product/lamp', headers, method));
        const byFront = await front.read(method === 'HEAD');
        expect(parsedByNode, 'the front answered without Node').toBe(before + 1);
        expect(byFront.status).toBe(200);
        expect(sameBytes(byFront).equals(sameBytes(byNode)), `${method} ${acceptEncoding}\n${byFront.head}\n${byNode.head}`).toBe(true);
        expect(byFront.head).toMatch(/\r\nDate: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n/);
        expect(byFront.head).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
        expect(byFront.head).toMatch(/\r\nVary: Accept-Encoding\r\n/);
      }
      const etag = /\r\nETag: ([^\r]+)/.exec((await (front.write(get('/product/lamp', acceptEncoding)), front.read())).head)![1]!;
      const before = parsedByNode;
      throughNode.write(get('/product/lamp', `${acceptEncoding}If-None-Match: "other", ${etag}\r\n`));
      front.write(get('/product/lamp', `${acceptEncoding}If-None-Match: "other", ${etag}\r\n`));
      const [byNode, byFront] = [await throughNode.read(), await front.read()];
      expect(parsedByNode).toBe(before + 1);
      expect(byFront.status).toBe(304);
      expect(sameBytes(byFront).equals(sameBytes(byNode)), `${byFront.head}\n${byNode.head}`).toBe(true);
    }
  });

  it('answers pipelined requests in order, handing the connection to Node at the first that is not plain', async () => {
    const pipe = wire();
    const before = parsedByNode;
    pipe.write(
      get('/product/lamp', 'Accept-Encoding: gzip\r\n') +
        get('/product/lamp', '', 'HEAD') +
        get('/product/none') +
        get('/product/lamp', 'Accept-Encoding: gzip\r\n') +
        `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}` +
        get('/product/lamp', 'Accept-Encoding: gzip\r\n'),
    );
    const answers = [await pipe.read(), await pipe.read(true), await pipe.read(), await pipe.read(), await pipe.read(), await pipe.read()];
    expect(answers.map((answer) => answer.status).slice(0, 4)).toEqual([200, 200, 404, 200]);
    expect(answers[4]!.status).toBeGreaterThanOrEqual(200);
    expect(answers[5]!.status).toBe(200);
    expect(gunzipSync(answers[0]!.body).toString('utf8')).toContain('Lamp');
    expect(answers[3]!.body.equals(answers[0]!.body)).toBe(true);
    // The two before the not-found page were the front's; Node parsed the rest.
    expect(parsedByNode).toBe(before + 4);
  });

  it('waits for a request that comes a byte at a time', async () => {
    const slow = wire();
    const text = get('/product/lamp', 'Accept-Encoding: br\r\n');
    for (const char of text) {
      slow.write(char);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const before = parsedByNode;
    expect((await slow.read()).status).toBe(200);
    expect(parsedByNode).toBe(before);
  });

  it('leaves smuggling attempts to Node, which refuses them: no answer of a kept page rides along', async () => {
    const attempts = [
      `GET /product/lamp HTTP/1.1\r\nHost: shop.example\r\nContent-Length: 0\r\nContent-Length: 41\r\n\r\n${get('/product/lamp')}`,
      `GET /product/lamp HTTP/1.1\r\nHost: shop.example\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n${get('/product/lamp')}`,
      `GET /product/lamp HTTP/1.1\r\nHost: shop.example\r\nX-Folded: a\r\n Transfer-Encoding: chunked\r\n\r\n`,
      `GET /product/lamp HTTP/1.1\nHost: shop.example\n\n`,
    ];
    for (const attempt of attempts) {
      const hostile = wire();
      const before = parsedByNode;
      hostile.write(attempt);
      const answer = await hostile.read();
      expect(answer.status, attempt).toBe(400);
      expect(await hostile.closed(), attempt).toBe(true);
      expect(hostile.leftover.length, attempt).toBe(0);
      expect(parsedByNode).toBe(before);
    }
  });

  it('hands a huge head to Node, which answers 431', async () => {
    const huge = wire();
    huge.write(get('/product/lamp', `X-Big: ${'a'.repeat(20_000)}\r\n`));
    expect((await huge.read()).status).toBe(431);
  });

  // Last but one: its write makes the other pages stale.
  it('answers the same request again on one connection with the same bytes, and never a page a write has made stale', async () => {
    const made = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'desk', title: 'Oak desk' }) });
    const id = (made.json() as { data: { id: string } }).data.id;
    const teach = wire();
    teach.write(get('/product/desk', 'Accept-Encoding: gzip\r\n'));
    expect((await teach.read()).status).toBe(200);
    const again = wire();
    const before = parsedByNode;
    again.write(get('/product/desk', 'Accept-Encoding: gzip\r\n', 'HEAD'));
    const head = await again.read(true);
    const answers: Answer[] = [];
    // The first of a second is written in pieces, the next ones as one joined Buffer: the same bytes.
    for (let i = 0; i < 4; i += 1) {
      again.write(get('/product/desk', 'Accept-Encoding: gzip\r\n'));
      answers.push(await again.read());
    }
    expect(parsedByNode, 'the front answered all five').toBe(before);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(sameBytes(answer).equals(sameBytes(answers[0]!))).toBe(true);
    }
    expect(gunzipSync(answers[0]!.body).toString('utf8')).toContain('Oak desk');
    // Three at once (pipelined, one packet): each answered in order with the same bytes.
    again.write(get('/product/desk', 'Accept-Encoding: gzip\r\n').repeat(3));
    for (let i = 0; i < 3; i += 1) expect(sameBytes(await again.read()).equals(sameBytes(answers[0]!))).toBe(true);
    expect(parsedByNode).toBe(before);
    // The HEAD: the same head, no body.
    const withoutDate = (answer: Answer) => answer.head.replace(/\r\nDate: [^\r]*/, '');
    expect(withoutDate(head)).toBe(withoutDate(answers[0]!));
    expect(again.leftover.length).toBe(0);

    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: aProduct({ slug: 'desk', title: 'Walnut desk' }) });
    expect(renamed.statusCode).toBe(200);
    // The same bytes again: the page is stale now, so the front does not answer it (Node does, and starts the render).
    again.write(get('/product/desk', 'Accept-Encoding: gzip\r\n'));
    expect((await again.read()).status).toBe(200);
    expect(parsedByNode).toBe(before + 1);
    await t.app.renderCache.settled();
    again.write(get('/product/desk', 'Accept-Encoding: gzip\r\n'));
    expect(gunzipSync((await again.read()).body).toString('utf8')).toContain('Walnut desk');
  });

  it('closes its idle connections when the server closes, and Node answers a closing server', async () => {
    const idle = wire();
    idle.write(get('/product/lamp'));
    expect((await idle.read()).status).toBe(200);
    const closing = t.app.close();
    expect(await idle.closed()).toBe(true);
    await closing;
  });
});
