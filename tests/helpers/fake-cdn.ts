import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedCall = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local stand-in for a CDN's purge API: it answers every call with 200 and records it, so a test
 * reads exactly which calls a write made. `waitForCalls(n)` resolves once n calls have arrived.
 */
export class FakeCdn {
  readonly calls: RecordedCall[] = [];
  private readonly server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      this.calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const failing = this.failures > 0;
      if (failing) this.failures -= 1;
      response.writeHead(failing ? 502 : 200, { 'content-type': 'application/json' }).end(failing ? '{"success":false}' : '{"success":true}');
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  });
  private waiters: Array<() => void> = [];
  private failures = 0;

  /** The next `count` calls answer 502 (and are recorded all the same). */
  failNext(count: number): void {
    this.failures = count;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async waitForCalls(count: number, timeoutMs = 10_000): Promise<RecordedCall[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.calls.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} purge calls, got ${this.calls.length}: ${JSON.stringify(this.calls.map((c) => c.path + ' ' + (c.body || c.headers['surrogate-key'])))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.calls;
  }

  /** The calls recorded so far, forgotten. */
  take(): RecordedCall[] {
    return this.calls.splice(0);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
