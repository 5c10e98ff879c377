import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DisableTwoFactorSchema, TwoFactorCodeSchema } from '../../../shared/schemas/auth';
import { badRequest, unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { readAdminPasswordHash } from './admin-password';
import { recordFailure } from './login-throttle';
import { verifyPassword } from './password';
import { checkSecondFactor, disableTwoFactor, enableTwoFactor, isTwoFactorEnabled, startTwoFactorSetup, twoFactorStatus } from './two-factor';

/** Admin-only: none of these is public. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, audit } = app.ctx;

  app.get('/', async () => ok(await twoFactorStatus(db)));

  app.post('/setup', async (request) => {
    const setup = await startTwoFactorSetup(db);
    audit.recordFor(request, { action: 'auth.2fa_setup', targetType: '2fa', summary: 'Started two-factor setup' });
    return ok(setup);
  });

  app.post('/enable', { schema: { body: TwoFactorCodeSchema } }, async (request) => {
    const recoveryCodes = await enableTwoFactor(db, request.body.code);
    audit.recordFor(request, { action: 'auth.2fa_enable', targetType: '2fa', summary: 'Turned two-factor sign-in on; new recovery codes issued' });
    return ok({ recoveryCodes });
  });

  app.post('/disable', { schema: { body: DisableTwoFactorSchema } }, async (request) => {
    if (!(await isTwoFactorEnabled(db))) throw badRequest('Two-factor sign-in is not on');
    const hash = await readAdminPasswordHash(db);
    const passwordOk = hash !== undefined && (await verifyPassword(request.body.password, hash));
    if (!passwordOk || !(await checkSecondFactor(db, request.body.code))) {
      await recordFailure(db, app.ctx.dbKind, `ip:${request.ip}`);
      audit.recordFor(request, { action: 'auth.2fa_disable_failed', targetType: '2fa', summary: 'Wrong password or code' });
      throw unauthorized(passwordOk ? 'Invalid two-factor code' : 'Password is incorrect');
    }
    await disableTwoFactor(db);
    audit.recordFor(request, { action: 'auth.2fa_disable', targetType: '2fa', summary: 'Turned two-factor sign-in off' });
    return ok({ enabled: false });
  });
};
