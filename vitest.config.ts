import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own app on its own database; two cores, so two at a time.
    maxWorkers: 2,
    // The S3 emulator (s3rver) signs its listing continuation tokens with DES, which OpenSSL 3 keeps
    // in its legacy provider: without it a listing of more than one page fails inside the emulator.
    execArgv: ['--openssl-legacy-provider'],
  },
});
