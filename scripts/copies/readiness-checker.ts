import type { Nginx } from './nginx';

const INTERVAL_MS = 250;
/** A copy busy with a burst of renders may take a few seconds to answer; that is slow, not down. */
const TIMEOUT_MS = 3_000;
/** Checks in a row without an answer before a copy is taken out (a 503 or a refused connection takes it out at once). */
const FALL = 2;

type Probe = 'ready' | 'not ready' | 'no answer';

/**
 * The active health check nginx open source lacks: asks every copy's GET /api/health/ready a few
 * times a second and gives nginx exactly the ready ones (upstream file, reload). A copy that says
 * 503 (draining, or not ready yet) or refuses the connection goes out at once; one that does not
 * answer in time goes out after FALL checks in a row, as HAProxy's `fall` does. When none is ready
 * (the database restarting makes every copy say so), all stay in: stale pages and 503s with
 * Retry-After from the copies beat nginx's own 502 for having no upstream at all.
 */
export class ReadinessChecker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private current = '';
  private readonly silent = new Map<number, number>();
  /** The copies whose last check said ready (a copy that did not answer keeps its earlier state until FALL). */
  private readonly ready = new Set<number>();
  /** Each change of the set nginx sends visitors to: when, and which ports. */
  readonly changes: Array<{ at: number; ports: number[] }> = [];

  constructor(
    private readonly nginx: Nginx,
    private readonly ports: readonly number[],
  ) {}

  private async probe(port: number): Promise<Probe> {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.arrayBuffer();
      return response.status === 200 ? 'ready' : 'not ready';
    } catch (error) {
      // Refused: nothing listens there (killed, or gone after its drain).
      const code = (error as { cause?: { code?: string } }).cause?.code;
      return code === 'ECONNREFUSED' || code === 'ECONNRESET' ? 'not ready' : 'no answer';
    }
  }

  async check(): Promise<void> {
    const probes = await Promise.all(this.ports.map((port) => this.probe(port)));
    this.ports.forEach((port, i) => {
      const probe = probes[i]!;
      if (probe === 'no answer') {
        const silent = (this.silent.get(port) ?? 0) + 1;
        this.silent.set(port, silent);
        if (silent >= FALL) this.ready.delete(port);
        return;
      }
      this.silent.set(port, 0);
      if (probe === 'ready') this.ready.add(port);
      else this.ready.delete(port);
    });
    const ready = this.ports.filter((port) => this.ready.has(port));
    const chosen = ready.length > 0 ? ready : [...this.ports];
    const key = chosen.join(',');
    if (key !== this.current) {
      this.nginx.writeUpstream(chosen);
      this.nginx.reload();
      this.current = key;
      this.changes.push({ at: Date.now(), ports: chosen });
    }
  }

  start(): void {
    this.running = true;
    const tick = async () => {
      await this.check().catch(() => {});
      if (this.running) this.timer = setTimeout(() => void tick(), INTERVAL_MS);
    };
    void tick();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Whether `port` said ready at its last check and is in nginx's set. */
  serving(port: number): boolean {
    return this.ready.has(port) && this.current.split(',').map(Number).includes(port);
  }

  /** Resolves once every port in `ports` is ready and in nginx's set; `what` names the wait in the error. */
  async waitUntilServing(ports: readonly number[], timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ports.every((port) => this.serving(port))) {
      if (Date.now() > deadline) {
        const missing = ports.filter((port) => !this.serving(port));
        throw new Error(`${what}: copies ${missing.join(', ')} not ready and serving within ${timeoutMs} ms (nginx has ${this.current})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
