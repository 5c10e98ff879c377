import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginSchema } from '../../../shared/schemas/auth';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { bearerToken } from './guard';
import { clearFailures, reserveAttempt } from './login-throttle';
import { verifyPassword } from './password';
import { readAdminPasswordHash } from './admin-password';
import { HashLimiter } from './hash-limiter';
import { trustDevice, trustedDeviceOf } from './trusted-device';
import { createSession, isLiveSession, revokeSession } from './session.repository';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dbKind, config } = app.ctx;
  const hashing = new HashLimiter();
  const secureCookies = config.publicUrl.startsWith('https:');

  // Answers carry tokens or say who is signed in: no cache may keep them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/login', { ...PUBLIC_ROUTE, schema: { body: LoginSchema } }, async (request, reply) => {
    const device = await trustedDeviceOf(db, request);
    // A browser that signed in before is throttled on its own, so strangers at the same address cannot lock it out.
    const clientKey = device ? `device:${device}` : `ip:${request.ip}`;
    const reservation = await reserveAttempt(db, dbKind, clientKey);
    if (!reservation.allowed) {
      const seconds = Math.ceil(reservation.waitMs / 1000);
      reply.header('Retry-After', String(seconds));
      throw tooManyRequests(`Too many failed login attempts. Try again in ${seconds} seconds.`);
    }
    const hash = await readAdminPasswordHash(db);
    const valid =
      hash !== undefined &&
      (await hashing.run(() => verifyPassword(request.body.password, hash)).catch((error: unknown) => {
        reply.header('Retry-After', '1');
        throw error;
      }));
    if (!valid) throw unauthorized('Invalid credentials');
    await clearFailures(db, clientKey);
    await trustDevice(db, reply, device, secureCookies);
    return ok(await createSession(db, request.body.remember));
  });

  app.post('/verify', PUBLIC_ROUTE, async (request) => {
    const token = bearerToken(request);
    if (!token || !(await isLiveSession(db, token))) throw unauthorized('Invalid or expired token');
    return ok({ valid: true });
  });

  app.post('/logout', PUBLIC_ROUTE, async (request) => {
    const token = bearerToken(request);
    if (token) await revokeSession(db, token);
    return ok({ loggedOut: true });
  });
};
