import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The cached path at the connection (docs/decisions/068): each new connection is read here first, and a
 * plain keep-alive `GET`/`HEAD` of a kept page is answered by writing its kept head and body on the socket,
 * without Node's HTTP parser, request or response objects. The first request that is anything else
 * (and every byte after it) is handed to Node's HTTP server unread, with the connection: from then on the
 * connection is Node's and Fastify's, as if this file did not exist. A kept answer asked again within a
 * second is one joined Buffer and one write, and the same head again on a connection is not read anew
 * (docs/decisions/076).
 */

/** A request as the front read it: the fields of `IncomingMessage` the page path reads. */
export type FrontRequest = {
  method: 'GET' | 'HEAD';
  url: string;
  /** Lower-case names, each at most once. */
  headers: Record<string, string>;
  socket: Socket;
};

/**
 * A kept answer: its status line and headers (each ending in CRLF, without Date and Connection), and the body
 * for a GET. The same object for the same answer (page, coding, status), so its bytes are joined once a second.
 */
export type FrontReply = { readonly head: Buffer; readonly body: Buffer | undefined };

/** Answers a request it knows, or undefined to leave it (and the rest of the connection) to Node. */
export type FrontAnswer = (request: FrontRequest) => FrontReply | undefined;

/** A request head longer than this is not a plain page request: Node's parser judges it (and its size limit). */
export const MAX_HEAD_BYTES = 8 * 1024;
const MAX_HEADERS = 64;
/** Answers written but not yet taken by a client that pipelines without reading: stop reading past this. */
const MAX_PENDING_WRITE = 1024 * 1024;

export type Parsed =
  | { kind: 'incomplete' }
  /** Not a plain request of ours: Node reads it. */
  | { kind: 'refuse' }
  | { kind: 'request'; method: 'GET' | 'HEAD'; url: string; headers: Record<string, string>; end: number };

const END_OF_HEAD = Buffer.from('\r\n\r\n', 'latin1');
const REQUEST_LINE = /^(GET|HEAD) (\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*) HTTP\/1\.1$/;
// RFC 9110 §5.1 token, a colon, optional white space, a value of visible characters and inner spaces.
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*((?:[!-~]+(?:[ \t]+[!-~]+)*)?)[ \t]*$/;
/** Headers that make a request more than a plain read of a public page: Node and Fastify take it. */
const NOT_PLAIN = new Set(['content-length', 'transfer-encoding', 'expect', 'upgrade', 'cookie', 'authorization', 'proxy-authorization', 'http2-settings', 'te', 'trailer']);

/**
 * Reads one request head from `buffer` at `start`, strictly: a `GET` or `HEAD` in origin form over
 * HTTP/1.1, CRLF line ends, visible ASCII only, no folded or repeated header, no body (no
 * Content-Length or Transfer-Encoding at all), no Expect, Upgrade, cookie or credentials, a Host, and
 * `Connection` absent or `keep-alive`. Whatever does not fit is refused, never guessed at: Node's
 * parser then reads the same bytes and answers as it always does (a 400, a 431, Fastify's route).
 */
export function parseRequestHead(buffer: Buffer, start = 0): Parsed {
  const at = buffer.indexOf(END_OF_HEAD, start);
  const scanned = at === -1 ? buffer.length : at;
  if (scanned - start > MAX_HEAD_BYTES) return { kind: 'refuse' };
  // Checked as the bytes come, so a head that can never be plain goes to Node at once, not after a wait.
  for (let i = start; i < scanned; i += 1) {
    const byte = buffer[i]!;
    // Visible ASCII, space, tab; CR only before LF, LF only after CR.
    if (byte >= 0x7f || (byte < 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== 0x0a)) return { kind: 'refuse' };
    if (byte === 0x0a && buffer[i - 1] !== 0x0d) return { kind: 'refuse' };
    if (byte === 0x0d && i + 1 < buffer.length && buffer[i + 1] !== 0x0a) return { kind: 'refuse' };
  }
  const method = buffer.toString('latin1', start, Math.min(buffer.length, start + 5));
  if (!'GET '.startsWith(method.slice(0, 4)) && !'HEAD '.startsWith(method)) return { kind: 'refuse' };
  if (at === -1) return { kind: 'incomplete' };
  const lines = buffer.toString('latin1', start, at).split('\r\n');
  for (const line of lines) if (line.includes('\r') || line.includes('\n')) return { kind: 'refuse' };
  const requestLine = REQUEST_LINE.exec(lines[0]!);
  if (!requestLine) return { kind: 'refuse' };
  if (lines.length - 1 > MAX_HEADERS) return { kind: 'refuse' };
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 1; i < lines.length; i += 1) {
    const header = HEADER_LINE.exec(lines[i]!);
    if (!header) return { kind: 'refuse' };
    const name = header[1]!.toLowerCase();
    if (NOT_PLAIN.has(name) || name in headers) return { kind: 'refuse' };
    headers[name] = header[2]!;
  }
  if (!headers.host) return { kind: 'refuse' };
  if (headers.connection !== undefined && headers.connection.toLowerCase() !== 'keep-alive') return { kind: 'refuse' };
  return { kind: 'request', method: requestLine[1] as 'GET' | 'HEAD', url: requestLine[2]!, headers, end: at + END_OF_HEAD.length };
}

/** Kept answers joined this second (below this many, by reply and method): more is written in pieces. */
const JOINED_MAX = 256;

/**
 * The bytes the front writes for a kept answer: its head, Node's `Date` line (made once a second, as Node
 * does), the `Connection` and `Keep-Alive` lines, and the body for a GET. A reply asked again within the
 * same second gets its whole answer as one Buffer, joined once and written by every later request in that
 * second with one `socket.write` (one write(2), no gathering of pieces); a reply asked once a second (a
 * crawl of many pages) is written in pieces, so nothing is copied for it.
 */
export class KeptBytes {
  private second = -1;
  private keepAliveS = -1;
  /** `Date`, `Connection` and `Keep-Alive` lines and the blank line ending the head. */
  private tail = Buffer.alloc(0);
  /** By reply: GET and HEAD answers; a number is how often it was asked this second before being joined. */
  private gets = new Map<FrontReply, Buffer | number>();
  private heads = new Map<FrontReply, Buffer | number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The answer's bytes: one Buffer, or its pieces to write in turn. */
  of(reply: FrontReply, method: 'GET' | 'HEAD', keepAliveS: number): Buffer | Buffer[] {
    const now = this.now();
    const second = Math.floor(now / 1000);
    if (second !== this.second || keepAliveS !== this.keepAliveS) {
      this.second = second;
      this.keepAliveS = keepAliveS;
      this.tail = Buffer.from(`Date: ${new Date(second * 1000).toUTCString()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${keepAliveS}\r\n\r\n`, 'latin1');
      this.gets = new Map();
      this.heads = new Map();
    }
    const body = method === 'GET' ? reply.body : undefined;
    const joined = body ? this.gets : this.heads;
    const seen = joined.get(reply);
    if (typeof seen === 'object') return seen;
    if (seen === undefined && joined.size >= JOINED_MAX) return body ? [reply.head, this.tail, body] : [reply.head, this.tail];
    if (seen === undefined) {
      joined.set(reply, 1);
      return body ? [reply.head, this.tail, body] : [reply.head, this.tail];
    }
    const whole = Buffer.concat(body ? [reply.head, this.tail, body] : [reply.head, this.tail]);
    joined.set(reply, whole);
    return whole;
  }
}

/**
 * Writes one answer: a joined Buffer with one write, pieces corked into one writev. `more`: pipelined
 * requests follow in the same read, so the socket is corked (once) and their answers leave together.
 * Answers whether the socket is corked now.
 */
function writeAnswer(socket: Socket, bytes: Buffer | Buffer[], corked: boolean, more: boolean): boolean {
  if (!corked && more) {
    socket.cork();
    corked = true;
  }
  if (Buffer.isBuffer(bytes)) {
    socket.write(bytes);
  } else {
    if (!corked) socket.cork();
    for (const piece of bytes) socket.write(piece);
    if (!corked) socket.uncork();
  }
  return corked;
}

type ConnectionListener = (this: Server, socket: Socket) => void;

export type ConnectionFront = {
  /** Stops answering: idle connections are closed, busy ones handed to Node; new ones go to Node. */
  close(): void;
  /** Connections answered here now (tests). */
  readonly connections: number;
};

/**
 * Puts `answer` in front of the HTTP server's own connection listener (the parser's). Other 'connection'
 * listeners (none today) still hear every connection. Undefined when the server is not Node's plain
 * HTTP server as expected (then nothing changes).
 */
export function frontConnections(server: Server, answer: FrontAnswer): ConnectionFront | undefined {
  const listeners = server.listeners('connection') as ConnectionListener[];
  const own = listeners.filter((listener) => listener.name === 'connectionListener');
  if (own.length !== 1 || 'setSecureContext' in server) return undefined;
  const nodeListener = own[0]!;
  /** Each connection answered here, with how to end it when the server closes. */
  const sockets = new Map<Socket, () => void>();
  let closed = false;
  const kept = new KeptBytes();

  const handOff = (socket: Socket, onData: (chunk: Buffer) => void, onError: () => void, rest: Buffer | undefined, headTimer: NodeJS.Timeout | undefined) => {
    clearTimeout(headTimer);
    sockets.delete(socket);
    socket.removeListener('data', onData);
    socket.removeListener('error', onError);
    socket.removeAllListeners('timeout');
    socket.removeAllListeners('drain');
    socket.setTimeout(0);
    socket.pause();
    if (rest && rest.length > 0) socket.unshift(rest);
    nodeListener.call(server, socket);
    // Node reads the bytes put back first, then the rest of the connection.
    process.nextTick(() => socket.resume());
  };

  const onConnection = (socket: Socket) => {
    if (closed) return nodeListener.call(server, socket);
    socket.setNoDelay(true);
    let pending: Buffer | undefined;
    /** A head begun and not finished: as Node's headersTimeout, a client gets this long to send the rest. */
    let headTimer: NodeJS.Timeout | undefined;
    /**
     * The last plain head read on this connection, byte for byte, and the request read from it: a client
     * asks the same again (a browser's next visit of a page, a load generator), and the same bytes are the
     * same request, read and checked already.
     */
    let lastHead: Buffer | undefined;
    let lastRequest: FrontRequest | undefined;
    sockets.set(socket, () => {
      // Inside a request: Node finishes it (and closes); between requests: closed as Node closes an idle one.
      if (pending) return handOff(socket, onData, onError, pending, headTimer);
      sockets.delete(socket);
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
    const onError = () => {
      sockets.delete(socket);
      socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      const buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = undefined;
      let start = 0;
      const keepAliveS = Math.floor(server.keepAliveTimeout / 1000);
      /** Pipelined answers after the first: corked, so they leave together. */
      let corked = false;
      try {
        while (start < buffer.length) {
          if (lastHead && !closed && buffer.length - start >= lastHead.length && lastHead.compare(buffer, start, start + lastHead.length) === 0) {
            // The same bytes as the last head up to its blank line: the same request again, nothing to read anew.
            clearTimeout(headTimer);
            headTimer = undefined;
            const reply = answer(lastRequest!);
            if (!reply) {
              handOff(socket, onData, onError, buffer.subarray(start), headTimer);
              return;
            }
            start += lastHead.length;
            corked = writeAnswer(socket, kept.of(reply, lastRequest!.method, keepAliveS), corked, start < buffer.length);
            continue;
          }
          const parsed = closed ? ({ kind: 'refuse' } as const) : parseRequestHead(buffer, start);
          if (parsed.kind === 'incomplete') {
            pending = buffer.subarray(start);
            headTimer ??= setTimeout(() => socket.destroy(), server.headersTimeout || 60_000).unref();
            return;
          }
          // A whole head (or one Node is to judge): its time limit is over.
          clearTimeout(headTimer);
          headTimer = undefined;
          const request: FrontRequest | undefined = parsed.kind === 'request' ? { method: parsed.method, url: parsed.url, headers: parsed.headers, socket } : undefined;
          const reply = request && answer(request);
          if (!reply || parsed.kind !== 'request') {
            handOff(socket, onData, onError, buffer.subarray(start), headTimer);
            return;
          }
          const head = buffer.subarray(start, parsed.end);
          // Kept as a view of a read that holds just it; copied out of a larger one (pipelined), so no big read stays alive.
          lastHead = buffer.length > 2 * head.length ? Buffer.from(head) : head;
          lastRequest = request;
          start = parsed.end;
          corked = writeAnswer(socket, kept.of(reply, parsed.method, keepAliveS), corked, start < buffer.length);
        }
      } finally {
        if (corked) socket.uncork();
        // A client that sends requests without reading the answers: read no more until it does.
        if (sockets.has(socket) && socket.writableLength > MAX_PENDING_WRITE) {
          socket.pause();
          socket.once('drain', () => socket.resume());
        }
      }
    };
    socket.on('data', onData);
    socket.on('error', onError);
    // Idle between requests (or stalled inside one) as long as Node allows a kept-alive connection.
    socket.setTimeout(server.keepAliveTimeout || 5000, () => socket.destroy());
    socket.once('close', () => {
      clearTimeout(headTimer);
      sockets.delete(socket);
    });
  };

  server.removeAllListeners('connection');
  for (const listener of listeners) server.on('connection', listener === nodeListener ? onConnection : listener);

  return {
    close() {
      closed = true;
      for (const shut of [...sockets.values()]) shut();
    },
    get connections() {
      return sockets.size;
    },
  };
}
