import type { Nginx } from './nginx';

const INTERVAL_MS = 250;
const TIMEOUT_MS = 1_000;

/**
 * The active health check nginx open source lacks: asks every copy's GET /api/health/ready a few
 * times a second and gives nginx exactly the ready ones (upstream file, reload). When none is ready
 * (the database restarting makes every copy say so), all stay in: stale pages and 503s with
 * Retry-After from the copies beat nginx's own 502 for having no upstream at all.
 */
export class ReadinessChecker {
  private timer: NodeJS.Timeout | undefined;
  private current = '';
  /** Each change of the set nginx sends visitors to: when, and which ports. */
  readonly changes: Array<{ at: number; ports: number[] }> = [];

  constructor(
    private readonly nginx: Nginx,
    private readonly ports: readonly number[],
  ) {}

  private async ready(port: number): Promise<boolean> {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  }

  async check(): Promise<number[]> {
    const answers = await Promise.all(this.ports.map((port) => this.ready(port)));
    const ready = this.ports.filter((_, i) => answers[i]);
    const chosen = ready.length > 0 ? ready : [...this.ports];
    const key = chosen.join(',');
    if (key !== this.current) {
      this.current = key;
      this.nginx.writeUpstream(chosen);
      this.nginx.reload();
      this.changes.push({ at: Date.now(), ports: chosen });
    }
    return ready;
  }

  start(): void {
    const tick = async () => {
      await this.check().catch(() => {});
      if (this.timer) this.timer = setTimeout(() => void tick(), INTERVAL_MS);
    };
    this.timer = setTimeout(() => void tick(), 0);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Resolves once every port in `ports` is ready and in nginx's set. */
  async waitUntilServing(ports: readonly number[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const serving = this.current.split(',').map(Number);
      if (ports.every((port) => serving.includes(port)) && (await Promise.all(ports.map((port) => this.ready(port)))).every(Boolean)) return;
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    }
    throw new Error(`copies ${ports.join(', ')} were not ready and serving within ${timeoutMs} ms`);
  }

  /** Resolves once `port` is out of nginx's set. */
  async waitUntilOut(port: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.current.split(',').map(Number).includes(port)) {
      if (Date.now() > deadline) throw new Error(`copy ${port} still in nginx's set after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
