import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from './errors';

/**
 * Per-address limits for calls anyone may make without signing in. Login needs
 * none: its database-backed lock-out refuses a locked client before hashing.
 * Counters live in each process: with several copies the allowance multiplies
 * by their number, which still stops a flood.
 */
export async function installRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}

/** Route option: at most `max` calls a minute from one address. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
