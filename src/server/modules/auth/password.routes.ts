import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordSchema, PasswordChangedAnswerSchema } from '../../../shared/schemas/auth';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { replaceAdminPassword } from './admin-password';
import { requireSession } from './guard';
import { assertAcceptablePassword } from './password-policy';
import type { SecretGuard } from './secret-guard';

export const passwordRoutes: FastifyPluginAsyncZod<{ guard: SecretGuard }> = async (app, { guard }) => {
  const { db, audit } = app.ctx;

  // Admin-only (a write): changes the password and signs every other session out, keeping the caller's.
  app.put('/password', { schema: { body: ChangePasswordSchema, response: answers(200, apiSuccessSchema(PasswordChangedAnswerSchema)) } }, async (request, reply) => {
    const session = requireSession(request);
    const { currentPassword, newPassword } = request.body;
    assertAcceptablePassword(newPassword);
    // A stolen token must not become a way to guess the password: the sign-in's lock-out and hashing cap apply.
    const attempt = await guard.open(request, reply, 'passwordChange');
    if (!(await attempt.password(currentPassword))) attempt.fail('Wrong current password', unauthorized('Current password is incorrect'));
    await attempt.pass();
    await replaceAdminPassword(db, newPassword, { keepSessionId: session.id, origin: 'admin' });
    audit.recordFor(request, { action: 'auth.password_change', targetType: 'password', summary: 'Changed the admin password; other sessions signed out' });
    return ok({ changed: true });
  });
};
