import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginSchema } from '../../../shared/schemas/auth';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { bearerToken } from './guard';
import { clearFailures, recordFailure, remainingLockMs } from './login-throttle';
import { verifyPassword } from './password';
import { readAdminPasswordHash } from './admin-password';
import { createSession, findLiveSession, revokeSession } from './session.repository';
import { verifySecondFactor } from './two-factor';
import { passwordRoutes } from './password.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { sessionRoutes } from './session.routes';

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, audit } = app.ctx;

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
      audit.recordFor(request, { action: 'auth.login_failed', targetType: 'session', summary: 'Wrong password' });
      throw unauthorized('Invalid credentials');
    }
    // The second step, after the password: a missing code is a question, a wrong one a failure that counts toward the lock-out.
    const secondFactor = await verifySecondFactor(db, request.body.code);
    if (secondFactor === 'missing') throw unauthorized(TWO_FACTOR_REQUIRED, { twoFactor: true });
    if (secondFactor === 'invalid') {
      await recordFailure(db, clientKey);
      audit.recordFor(request, { action: 'auth.login_failed', targetType: 'session', summary: 'Wrong two-factor code' });
      throw unauthorized('Invalid two-factor code', { twoFactor: true });
    }
    await clearFailures(db, clientKey);
    const { token, expiresAt, sessionId } = await createSession(db, request.body.remember, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    const how = secondFactor === 'recovery' ? ' with a recovery code' : secondFactor === 'totp' ? ' with a two-factor code' : '';
    audit.recordFor(request, { action: 'auth.login', targetType: 'session', targetId: sessionId, summary: `Signed in${how}` });
    return ok({ token, expiresAt });
  });

  app.post('/verify', async (request) => {
    const token = bearerToken(request);
    if (!token || !(await findLiveSession(db, token))) throw unauthorized('Invalid or expired token');
    return ok({ valid: true });
  });

  app.post('/logout', async (request) => {
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
