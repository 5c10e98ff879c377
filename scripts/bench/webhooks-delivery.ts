/**
 * p99 from commit to delivery of content webhooks (decision 065) while 20 writes a second are made:
 * the real app on a temp SQLite file, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names a server. `npm run bench:webhooks` (BENCH_SECONDS=15 by default); run by Vitest only to load
 * the app's source as Vite does, it asserts nothing. The load average is printed with each
 * figure: the machine may be shared.
 */
import os from 'node:os';
import { it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestEnv, testConfig, ADMIN_PASSWORD } from '../../tests/helpers/test-app';
import { startWebhookReceiver } from '../../tests/helpers/webhook-receiver';

const RATE = 20;
const seconds = Number(process.env.BENCH_SECONDS ?? 15);

async function run(label: string, adminUrl: string | undefined): Promise<void> {
  const env = await createTestEnv(adminUrl);
  const app = await buildApp(testConfig(env, { WEBHOOK_ALLOW_PRIVATE: 'true' }), { web: false });
  await app.ready();
  const receiver = await startWebhookReceiver();
  const committed = new Map<string, number>();
  const delivered = new Map<string, number>();
  const seenAt = receiver.received.length;
  const watch = setInterval(() => {
    for (const hook of receiver.received.slice(seenAt + delivered.size)) delivered.set(JSON.parse(hook.body).data.id as string, performance.now());
  }, 1);
  try {
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    await app.inject({ method: 'POST', url: '/api/webhooks', headers: auth, payload: { url: receiver.url, events: ['tag.created'] } });
    const total = RATE * seconds;
    const started = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i += 1) {
      const due = started + (i * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      writes.push(
        app.inject({ method: 'POST', url: '/api/tags', headers: auth, payload: { title: `Bench tag ${i}` } }).then((response) => {
          committed.set(response.json().data.id as string, performance.now());
        }),
      );
    }
    await Promise.all(writes);
    const deadline = performance.now() + 60_000;
    while (delivered.size < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const lags = [...committed].map(([id, at]) => (delivered.get(id) ?? Number.POSITIVE_INFINITY) - at).sort((a, b) => a - b);
    const pick = (q: number) => lags[Math.min(lags.length - 1, Math.ceil(q * lags.length) - 1)]!;
    const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
    console.log(
      `${label}: ${total} writes at ${RATE}/s, ${delivered.size} delivered; commit→delivery p50 ${pick(0.5).toFixed(0)} ms, p99 ${pick(0.99).toFixed(0)} ms, max ${lags.at(-1)!.toFixed(0)} ms (load average ${load})`,
    );
  } finally {
    clearInterval(watch);
    await receiver.close();
    await app.close();
    await env.destroy();
  }
}

it('measures commit→delivery', { timeout: 600_000 }, async () => {
  await run('SQLite', undefined);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await run('PostgreSQL', pgUrl);
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
});
