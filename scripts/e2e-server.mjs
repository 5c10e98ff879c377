// Starts the built server for the browser tests on a fresh data directory,
// with demo content, as a newcomer's first `npm start` would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '4173';
const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
