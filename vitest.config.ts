import { defineConfig } from 'vitest/config';

/**
 * Tests that wait on purpose (timers, retries, lock-outs), run several copies of the server, cut the
 * database off, spawn the command line, encode images or read the client build. They run in `npm test`
 * and CI with the rest; `npm run test:fast` leaves them out (decision 058).
 */
const SLOW = [
  'tests/api/backup-restore.test.ts',
  'tests/api/cluster.test.ts',
  'tests/api/faults-*.test.ts',
  'tests/api/media-backfill.test.ts',
  'tests/api/media-encoder.test.ts',
  'tests/api/media-pages.test.ts',
  'tests/api/media-page-drops.test.ts',
  'tests/api/media-variants.test.ts',
  'tests/api/newsletter-webhook.test.ts',
  'tests/api/page-scripts.test.ts',
  'tests/api/password-cli.test.ts',
  'tests/api/publish-schedule.test.ts',
  'tests/api/scale-out.test.ts',
  'tests/api/security-secrets.test.ts',
  'tests/api/transfer-cli.test.ts',
  'tests/api/webhooks-crash.test.ts',
  'tests/api/seo-meta.test.ts',
  'tests/api/shutdown.test.ts',
  'tests/unit/*-bundle.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own app on its own database; two cores, so two at a time.
    maxWorkers: 2,
    // The S3 emulator (s3rver) signs its listing continuation tokens with DES, which OpenSSL 3 keeps
    // in its legacy provider: without it a listing of more than one page fails inside the emulator.
    execArgv: ['--openssl-legacy-provider'],
    // On PostgreSQL: one migrated template a run for the test files' databases, and their drops at its end.
    globalSetup: ['tests/helpers/postgres-run.ts'],
    projects: [
      // One module graph per worker instead of one per file: each file still builds its own app on
      // its own database, but the app's modules (Fastify, Kysely, the routes, the renderer) are
      // loaded once per worker, not once per file (decision 058). The slow files keep isolation:
      // they run the built server and the command line as processes and cut database connections.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: SLOW, isolate: false } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: SLOW, isolate: false } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
