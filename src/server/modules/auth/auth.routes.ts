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
import { createSession, findLiveSession, revokeSession } from './session.repository';
import { verifySecondFactor } from './two-factor';
import { passwordRoutes } from './password.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { sessionRoutes } from './session.routes';

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dbKind, config, audit } = app.ctx;
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
    // The attempt counts as failed until it succeeds: however many arrive at once, only the allowed number is checked.
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
    if (!valid) {
      audit.recordFor(request, { action: 'auth.login_failed', targetType: 'session', summary: 'Wrong password' });
      throw unauthorized('Invalid credentials');
    }
    // The second step, after the password: a missing code is a question, a wrong one a failure (both stay counted).
    const secondFactor = await verifySecondFactor(db, request.body.code);
    if (secondFactor === 'missing') throw unauthorized(TWO_FACTOR_REQUIRED, { twoFactor: true });
    if (secondFactor === 'invalid') {
      audit.recordFor(request, { action: 'auth.login_failed', targetType: 'session', summary: 'Wrong two-factor code' });
      throw unauthorized('Invalid two-factor code', { twoFactor: true });
    }
    await clearFailures(db, clientKey);
    await trustDevice(db, reply, device, secureCookies);
    const { token, expiresAt, sessionId } = await createSession(db, request.body.remember, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    const how = secondFactor === 'recovery' ? ' with a recovery code' : secondFactor === 'totp' ? ' with a two-factor code' : '';
    audit.recordFor(request, { action: 'auth.login', targetType: 'session', targetId: sessionId, summary: `Signed in${how}` });
    return ok({ token, expiresAt });
  });

  app.post('/verify', PUBLIC_ROUTE, async (request) => {
    const token = bearerToken(request);
    if (!token || !(await findLiveSession(db, token))) throw unauthorized('Invalid or expired token');
    return ok({ valid: true });
  });

  app.post('/logout', PUBLIC_ROUTE, async (request) => {
    const token = bearerToken(request);
    const session = token ? await findLiveSession(db, token) : undefined;
    if (token) await revokeSession(db, token);
    if (session) audit.recordFor(request, { action: 'auth.logout', targetType: 'session', targetId: session.id, summary: 'Signed out' });
    return ok({ loggedOut: true });
  });

  await app.register(passwordRoutes);
  await app.register(twoFactorRoutes, { prefix: '/2fa' });
  await app.register(sessionRoutes, { prefix: '/sessions' });
};
