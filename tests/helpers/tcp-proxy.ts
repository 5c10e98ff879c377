import net from 'node:net';

type Pair = { client: net.Socket; server: net.Socket | undefined };

/**
 * A TCP relay between the app and PostgreSQL that a test can break like a
 * network does: `cut()` drops every connection and refuses new ones,
 * `stall()` keeps connections open but moves no bytes (new ones hang),
 * `restore()` goes back to relaying.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<Pair>();
  private mode: 'open' | 'cut' | 'stalled' = 'open';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** `postgres://user@host:port/db` rewritten to go through this proxy. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Listens on `port` (any free one unless given). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  private accept(client: net.Socket): void {
    if (this.mode === 'cut') {
      client.destroy();
      return;
    }
    const pair: Pair = { client, server: undefined };
    this.pairs.add(pair);
    client.on('error', () => this.drop(pair));
    client.on('close', () => this.drop(pair));
    if (this.mode === 'stalled') client.pause();
    else this.connectUpstream(pair);
  }

  private connectUpstream(pair: Pair): void {
    const server = net.connect(this.targetPort, this.targetHost);
    pair.server = server;
    server.on('error', () => this.drop(pair));
    server.on('close', () => this.drop(pair));
    pair.client.pipe(server);
    server.pipe(pair.client);
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.server?.destroy();
  }

  /** Every open connection is reset and new ones are refused, as when the server goes away. */
  cut(): void {
    this.mode = 'cut';
    for (const pair of [...this.pairs]) this.drop(pair);
  }

  /** Bytes stop moving both ways; connections stay open and new ones hang, as on a stalled network or host. */
  stall(): void {
    this.mode = 'stalled';
    for (const pair of this.pairs) {
      // Unpiped, not only paused: a pipe resumes its source when the other side drains.
      if (pair.server) {
        pair.client.unpipe(pair.server);
        pair.server.unpipe(pair.client);
        pair.server.pause();
      }
      pair.client.pause();
    }
  }

  restore(): void {
    const wasStalled = this.mode === 'stalled';
    this.mode = 'open';
    if (!wasStalled) return;
    for (const pair of this.pairs) {
      if (pair.server) {
        pair.client.pipe(pair.server);
        pair.server.pipe(pair.client);
      } else {
        this.connectUpstream(pair);
      }
    }
  }

  get connections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
