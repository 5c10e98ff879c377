import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVATE_NO_STORE } from '../../cdn/cache-control';
import { LoggedOutAnswerSchema, LoginAnswerSchema, LoginSchema, TokenValidAnswerSchema } from '../../../shared/schemas/auth';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { bearerToken } from './guard';
import { SecretGuard } from './secret-guard';
import { createSession, findLiveSession, revokeSession } from './session.repository';
import { passwordRoutes } from './password.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { sessionRoutes } from './session.routes';

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, audit } = app.ctx;
  const guard = new SecretGuard(app.ctx, config.publicUrl.startsWith('https:'));

  // Answers carry tokens or say who is signed in: no cache may keep them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', PRIVATE_NO_STORE);
  });

  app.post('/login', { ...PUBLIC_ROUTE, schema: { body: LoginSchema, response: answers(200, apiSuccessSchema(LoginAnswerSchema)) } }, async (request, reply) => {
    const attempt = await guard.open(request, reply, 'login');
    if (!(await attempt.password(request.body.password))) attempt.fail('Wrong password', unauthorized('Invalid credentials'));
    // The second step, after the password: a missing code is a question, a wrong one a failure (both stay counted).
    const secondFactor = await attempt.secondFactor(request.body.code);
    if (secondFactor === 'missing') throw unauthorized(TWO_FACTOR_REQUIRED, { twoFactor: true });
    if (secondFactor === 'invalid') attempt.fail('Wrong two-factor code', unauthorized('Invalid two-factor code', { twoFactor: true }));
    await attempt.pass();
    const { token, expiresAt, sessionId } = await createSession(db, request.body.remember, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    const how = secondFactor === 'recovery' ? ' with a recovery code' : secondFactor === 'totp' ? ' with a two-factor code' : '';
    audit.recordFor(request, { action: 'auth.login', targetType: 'session', targetId: sessionId, summary: `Signed in${how}` });
    return ok({ token, expiresAt });
  });

  app.post('/verify', { ...PUBLIC_ROUTE, schema: { response: answers(200, apiSuccessSchema(TokenValidAnswerSchema)) } }, async (request) => {
    const token = bearerToken(request);
    if (!token || !(await findLiveSession(db, token))) throw unauthorized('Invalid or expired token');
    return ok({ valid: true });
  });

  app.post('/logout', { ...PUBLIC_ROUTE, schema: { response: answers(200, apiSuccessSchema(LoggedOutAnswerSchema)) } }, async (request) => {
    const token = bearerToken(request);
    const session = token ? await findLiveSession(db, token) : undefined;
    if (token) await revokeSession(db, token);
    if (session) audit.recordFor(request, { action: 'auth.logout', targetType: 'session', targetId: session.id, summary: 'Signed out' });
    return ok({ loggedOut: true });
  });

  await app.register(passwordRoutes, { guard });
  await app.register(twoFactorRoutes, { prefix: '/2fa', guard });
  await app.register(sessionRoutes, { prefix: '/sessions' });
};
