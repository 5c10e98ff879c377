import { defineConfig } from '@playwright/test';

/**
 * Each project gets its own built server on a fresh data directory with demo
 * content (scripts/e2e-server.mjs): the admin tests change the shared
 * homepage hero and theme, which the public tests read.
 */
const basePort = Number(process.env.E2E_PORT ?? 4173);
const ports = { public: basePort, admin: basePort + 1 };
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // The 2-core CI machine runs both test servers and the browser at once: a test that fails
  // once is run again and reported as flaky (a real failure fails twice).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    trace: 'off',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    { name: 'public', testMatch: 'public/**/*.spec.ts', use: { baseURL: urlOf(ports.public) } },
    { name: 'admin', testMatch: 'admin/**/*.spec.ts', use: { baseURL: urlOf(ports.admin) } },
    // Starts its own server with mail on (on a port the system picks): the shared servers run without mail.
    { name: 'mail', testMatch: 'mail/**/*.spec.ts' },
  ],
  webServer: Object.values(ports).map((port) => ({
    command: `node scripts/e2e-server.mjs`,
    url: `${urlOf(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    // Image variants are made in the background by the public server only: two servers converting
    // the 77 demo images at once on a small machine would starve the browser under test.
    env: { E2E_PORT: String(port), ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, MEDIA_WORKERS: port === ports.admin ? '0' : '1', WEBHOOK_ALLOW_PRIVATE: 'true' },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
