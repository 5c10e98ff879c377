import http from 'node:http';

/** A request without a complete answer by then counts as failed (`timed out`), queued or not. */
const REQUEST_TIMEOUT_MS = 15_000;

const WRITE_EVERY = Number(process.env.COPIES_WRITE_EVERY ?? 1000);

export type Kind = 'page' | 'api' | 'media' | 'write';
/** How an answer is counted: `ok`, or the kind of failure. */
export type Verdict = 'ok' | 'unavailable 503' | 'server error 5xx' | 'bad gateway 502/504' | 'connection' | 'timed out' | 'client error 4xx';

export type Outcome = { kind: Kind; startedAt: number; ms: number; status: number; verdict: Verdict };

function verdictOf(status: number): Verdict {
  if (status === 0) return 'connection';
  if (status < 400) return 'ok';
  if (status === 503) return 'unavailable 503';
  if (status === 502 || status === 504) return 'bad gateway 502/504';
  if (status >= 500) return 'server error 5xx';
  return 'client error 4xx';
}

export type LoadPlan = {
  base: string;
  token: string;
  ratePerSecond: number;
  pages: string[];
  media: string[];
};

/**
 * A steady open-loop load through the load balancer, as visitors and an editor make it: requests are
 * started on a clock whatever the answers take, so a stall shows as latency and failures instead of
 * slowing the load down. Pages, API reads, media and writes (new tags, whose ids are kept: an
 * acknowledged write must be found afterwards). Each answer is classified.
 */
export class Load {
  readonly outcomes: Outcome[] = [];
  /** Ids of the tags whose creation was acknowledged (201). */
  readonly acknowledged: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private sequence = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  /**
   * GETs sent again because the kept-alive connection they were written on was closed before any answer
   * (nginx closes its idle client connections when it reloads its set of copies). Browsers and Node's own
   * guide (`request.reusedSocket`) send such a request again on a new connection; so does this load, once,
   * and the figures print how many.
   */
  staleRetries = 0;
  /** The second try goes on a new connection: another kept one in the pool may be closing too. */
  private readonly freshConnection = new http.Agent({ keepAlive: false, maxSockets: 64 });

  constructor(private readonly plan: LoadPlan) {}

  private pick(): { kind: Kind; method: string; path: string; body?: string } {
    const n = this.sequence++;
    const { pages, media } = this.plan;
    // One write every WRITE_EVERY requests (every 4 s at 250 a second): each write makes every copy
    // render all its pages again, which is what costs a copy most.
    if (n % WRITE_EVERY === 0) return { kind: 'write', method: 'POST', path: '/api/tags', body: JSON.stringify({ title: `Load ${process.pid} ${n}` }) };
    if (n % 10 === 1) return { kind: 'api', method: 'GET', path: '/api/products?limit=12' };
    if (n % 20 === 3 && media.length > 0) return { kind: 'media', method: 'GET', path: media[n % media.length]! };
    return { kind: 'page', method: 'GET', path: pages[n % pages.length]! };
  }

  private fire(): void {
    const { kind, method, path, body } = this.pick();
    this.inFlight += 1;
    this.send(kind, method, path, body, Date.now(), true);
  }

  private send(kind: Kind, method: string, path: string, body: string | undefined, startedAt: number, mayRetry: boolean): void {
    let finished = false;
    let timedOut = false;
    const done = (status: number, text = '') => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      this.inFlight -= 1;
      this.outcomes.push({ kind, startedAt, ms: Date.now() - startedAt, status, verdict: timedOut ? 'timed out' : verdictOf(status) });
      if (kind === 'write' && status === 201) {
        const id = (JSON.parse(text) as { data?: { id?: string } }).data?.id;
        if (id) this.acknowledged.push(id);
      }
    };
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (kind === 'write') Object.assign(headers, { authorization: `Bearer ${this.plan.token}`, 'content-type': 'application/json' });
    const request = http.request(`${this.plan.base}${path}`, { method, headers, agent: mayRetry ? this.agent : this.freshConnection }, (response) => {
      let text = '';
      if (kind === 'write') response.setEncoding('utf8');
      response.on('data', (chunk: string | Buffer) => {
        if (kind === 'write') text += chunk;
      });
      response.on('end', () => done(response.statusCode ?? 0, text));
      // Cut off mid-answer: a failed request, whatever its status line said.
      response.on('close', () => done(response.complete ? (response.statusCode ?? 0) : 0, text));
    });
    // From the start, not from the socket: a request still waiting for a free socket times out too.
    const deadline = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timed out'));
    }, REQUEST_TIMEOUT_MS);
    let answered = false;
    request.on('response', () => (answered = true));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A stale kept-alive connection: nothing reached the copy, so a GET is safely sent again.
      if (mayRetry && !answered && !timedOut && method === 'GET' && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        finished = true;
        clearTimeout(deadline);
        this.staleRetries += 1;
        this.send(kind, method, path, body, startedAt, false);
        return;
      }
      done(0);
    });
    request.on('close', () => done(0));
    request.end(body);
  }

  start(): void {
    // Every 20 ms, the requests due by then.
    const tickMs = 20;
    let owed = 0;
    this.timer = setInterval(() => {
      owed += (this.plan.ratePerSecond * tickMs) / 1000;
      while (owed >= 1) {
        owed -= 1;
        this.fire();
      }
    }, tickMs);
  }

  /** Stops starting requests and waits for those in flight (each ends by REQUEST_TIMEOUT_MS at the latest). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + REQUEST_TIMEOUT_MS + 5_000;
    while (this.inFlight > 0) {
      if (Date.now() > deadline) throw new Error(`load: ${this.inFlight} requests still unanswered ${REQUEST_TIMEOUT_MS + 5_000} ms after the load stopped`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.agent.destroy();
    this.freshConnection.destroy();
  }
}
