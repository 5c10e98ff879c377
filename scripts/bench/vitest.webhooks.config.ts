import { defineConfig } from 'vitest/config';

/** `npm run bench:webhooks`: the webhook delivery benchmark, run by Vitest so the app's source loads as in the tests. */
export default defineConfig({
  test: { environment: 'node', include: ['scripts/bench/webhooks-delivery.ts'], testTimeout: 600_000, hookTimeout: 60_000 },
});
