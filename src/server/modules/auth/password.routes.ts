import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordSchema } from '../../../shared/schemas/auth';
import { unauthorized } from '../../http/errors';
import { ok } from '../../http/reply';
import { readAdminPasswordHash, replaceAdminPassword } from './admin-password';
import { requireSession } from './guard';
import { recordFailure } from './login-throttle';
import { verifyPassword } from './password';
import { assertAcceptablePassword } from './password-policy';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, audit } = app.ctx;

  // Admin-only (a write): changes the password and signs every other session out, keeping the caller's.
  app.put('/password', { schema: { body: ChangePasswordSchema } }, async (request) => {
    const session = requireSession(request);
    const { currentPassword, newPassword } = request.body;
    assertAcceptablePassword(newPassword);
    const hash = await readAdminPasswordHash(db);
    if (!hash || !(await verifyPassword(currentPassword, hash))) {
      // A stolen token must not become a way to guess the password without the lock-out.
      await recordFailure(db, app.ctx.dbKind, `ip:${request.ip}`);
      audit.recordFor(request, { action: 'auth.password_change_failed', targetType: 'password', summary: 'Wrong current password' });
      throw unauthorized('Current password is incorrect');
    }
    await replaceAdminPassword(db, newPassword, { keepSessionId: session.id });
    audit.recordFor(request, { action: 'auth.password_change', targetType: 'password', summary: 'Changed the admin password; other sessions signed out' });
    return ok({ changed: true });
  });
};
