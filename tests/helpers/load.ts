import { ADMIN_PASSWORD } from './test-app';

/** One answer seen by the load: status 0 means no answer (network error or 20 s without one). */
export type Outcome = {
  kind: 'read' | 'write';
  status: number;
  startedAt: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
};

export type Load = {
  outcomes: Outcome[];
  /** Ids of tags whose creation was answered 201: these must survive any fault. */
  acknowledged: string[];
  stop: () => Promise<void>;
};

const HANG_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function call(kind: Outcome['kind'], url: string, init: RequestInit): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text, the test will say so
    }
    return { kind, status: response.status, startedAt, ms: Date.now() - startedAt, retryAfter: response.headers.get('retry-after'), body };
  } catch {
    return { kind, status: 0, startedAt, ms: Date.now() - startedAt, retryAfter: null, body: null };
  }
}

/**
 * Concurrent visitors and an administrator over real HTTP: `readers` loops of
 * list reads and `writers` loops creating tags, each request after the last
 * answer, until stopped.
 */
export function startLoad(baseUrl: string, token: string, options: { readers: number; writers: number; pauseMs?: number }): Load {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let running = true;
  let counter = 0;
  const pause = options.pauseMs ?? 20;
  const readLoop = async (n: number) => {
    const paths = ['/api/products', '/api/categories', '/api/tags'];
    for (let i = n; running; i++) {
      outcomes.push(await call('read', `${baseUrl}${paths[i % paths.length]}`, {}));
      await sleep(pause);
    }
  };
  const writeLoop = async () => {
    while (running) {
      const title = `Load ${process.pid} ${Date.now()} ${counter++}`;
      const outcome = await call('write', `${baseUrl}/api/tags`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title }),
      });
      outcomes.push(outcome);
      if (outcome.status === 201) acknowledged.push((outcome.body as { data: { id: string } }).data.id);
      await sleep(pause);
    }
  };
  const loops = [
    ...Array.from({ length: options.readers }, (_, n) => readLoop(n)),
    ...Array.from({ length: options.writers }, () => writeLoop()),
  ];
  return {
    outcomes,
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Waits until `check` holds, polling; resolves to the milliseconds it took, or throws after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
  return Date.now() - started;
}

/** Counts per status, for the test's own report: `{ 200: 812, 503: 40 }`. */
export function countByStatus(outcomes: Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const outcome of outcomes) counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
  return counts;
}
