import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisableTwoFactorSchema,
  RecoveryCodesAnswerSchema,
  TwoFactorCodeSchema,
  TwoFactorOffAnswerSchema,
  TwoFactorSetupAnswerSchema,
  TwoFactorStatusAnswerSchema,
} from '../../../shared/schemas/auth';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { badRequest, unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import type { SecretGuard } from './secret-guard';
import { disableTwoFactor, enableTwoFactor, isTwoFactorEnabled, startTwoFactorSetup, twoFactorStatus } from './two-factor';

/** Admin-only: none of these is public. Codes and the password are checked through the secret guard. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ guard: SecretGuard }> = async (app, { guard }) => {
  const { db, audit } = app.ctx;

  app.get('/', { schema: { response: answers(200, apiSuccessSchema(TwoFactorStatusAnswerSchema)) } }, async () => ok(await twoFactorStatus(db)));

  app.post('/setup', { schema: { response: answers(200, apiSuccessSchema(TwoFactorSetupAnswerSchema)) } }, async (request) => {
    const setup = await startTwoFactorSetup(db);
    audit.recordFor(request, { action: 'auth.2fa_setup', targetType: '2fa', summary: 'Started two-factor setup' });
    return ok(setup);
  });

  app.post('/enable', { schema: { body: TwoFactorCodeSchema, response: answers(200, apiSuccessSchema(RecoveryCodesAnswerSchema)) } }, async (request, reply) => {
    const attempt = await guard.open(request, reply, 'enableTwoFactor');
    const recoveryCodes = await enableTwoFactor(db, request.body.code);
    if (!recoveryCodes) {
      return attempt.fail('Wrong code from the new secret', badRequest('code: does not match; check the time on your phone and try the current code'));
    }
    await attempt.pass();
    audit.recordFor(request, { action: 'auth.2fa_enable', targetType: '2fa', summary: 'Turned two-factor sign-in on; new recovery codes issued' });
    return ok({ recoveryCodes });
  });

  app.post('/disable', { schema: { body: DisableTwoFactorSchema, response: answers(200, apiSuccessSchema(TwoFactorOffAnswerSchema)) } }, async (request, reply) => {
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
