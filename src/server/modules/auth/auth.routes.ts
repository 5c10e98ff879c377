import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginSchema } from '../../../shared/schemas/auth';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { bearerToken } from './guard';
import { clearFailures, recordFailure, remainingLockMs } from './login-throttle';
import { verifyPassword } from './password';
import { readAdminPasswordHash } from './admin-password';
import { createSession, isLiveSession, revokeSession } from './session.repository';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post('/login', { schema: { body: LoginSchema } }, async (request, reply) => {
    const clientKey = `ip:${request.ip}`;
    const waitMs = await remainingLockMs(db, clientKey);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      reply.header('Retry-After', String(seconds));
      throw tooManyRequests(`Too many failed login attempts. Try again in ${seconds} seconds.`);
    }
    const hash = await readAdminPasswordHash(db);
    if (!hash || !(await verifyPassword(request.body.password, hash))) {
      await recordFailure(db, clientKey);
      throw unauthorized('Invalid credentials');
    }
    await clearFailures(db, clientKey);
    return ok(await createSession(db, request.body.remember));
  });

  app.post('/verify', async (request) => {
    const token = bearerToken(request);
    if (!token || !(await isLiveSession(db, token))) throw unauthorized('Invalid or expired token');
    return ok({ valid: true });
  });

  app.post('/logout', async (request) => {
    const token = bearerToken(request);
    if (token) await revokeSession(db, token);
    return ok({ loggedOut: true });
  });
};
