import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedHook = { headers: http.IncomingHttpHeaders; body: string; answeredWith: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedHook[];
  /** The status the next requests get (200 unless set). */
  answer: (status: number) => void;
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedHook[]>;
  close: () => Promise<void>;
};

/**
 * A real HTTP server on a local port that records every webhook request as it
 * arrives and answers with a chosen status, `delayMs` later (a slow receiver:
 * a request recorded and not yet answered is in flight).
 */
export async function startWebhookReceiver(port = 0, { delayMs = 0 }: { delayMs?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = status;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answeredWith: answer });
      const reply = () => response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'failing');
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hooks/newsletter`,
    received,
    answer: (next) => {
      status = next;
    },
    waitFor: async (count, timeoutMs = 8000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
