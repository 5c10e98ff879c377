import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DisableTwoFactorSchema, TwoFactorCodeSchema } from '../../../shared/schemas/auth';
import { badRequest, unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import type { SecretGuard } from './secret-guard';
import { disableTwoFactor, enableTwoFactor, isTwoFactorEnabled, startTwoFactorSetup, twoFactorStatus } from './two-factor';

/** Admin-only: none of these is public. Codes and the password are checked through the secret guard. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ guard: SecretGuard }> = async (app, { guard }) => {
  const { db, audit } = app.ctx;

  app.get('/', async () => ok(await twoFactorStatus(db)));

  app.post('/setup', async (request) => {
    const setup = await startTwoFactorSetup(db);
    audit.recordFor(request, { action: 'auth.2fa_setup', targetType: '2fa', summary: 'Started two-factor setup' });
    return ok(setup);
  });

  app.post('/enable', { schema: { body: TwoFactorCodeSchema } }, async (request, reply) => {
    const attempt = await guard.open(request, reply, 'enableTwoFactor');
    const recoveryCodes = await enableTwoFactor(db, request.body.code);
    if (!recoveryCodes) {
      attempt.fail('Wrong code from the new secret', badRequest('code: does not match; check the time on your phone and try the current code'));
    }
    await attempt.pass();
    audit.recordFor(request, { action: 'auth.2fa_enable', targetType: '2fa', summary: 'Turned two-factor sign-in on; new recovery codes issued' });
    return ok({ recoveryCodes });
  });

  app.post('/disable', { schema: { body: DisableTwoFactorSchema } }, async (request, reply) => {
    if (!(await isTwoFactorEnabled(db))) throw badRequest('Two-factor sign-in is not on');
    const attempt = await guard.open(request, reply, 'disableTwoFactor');
    if (!(await attempt.password(request.body.password))) attempt.fail('Wrong password', unauthorized('Password is incorrect'));
    const code = await attempt.secondFactor(request.body.code);
    if (code !== 'totp' && code !== 'recovery') attempt.fail('Wrong two-factor code', unauthorized('Invalid two-factor code'));
    await attempt.pass();
    await disableTwoFactor(db);
    audit.recordFor(request, { action: 'auth.2fa_disable', targetType: '2fa', summary: 'Turned two-factor sign-in off' });
    return ok({ enabled: false });
  });
};
