import { insertAuditEntry } from '../modules/audit/audit.repository';
import { replaceAdminPassword } from '../modules/auth/admin-password';
import { passwordProblem } from '../modules/auth/password-policy';
import { forgiveAllFailures } from '../modules/auth/secret-guard';
import { disableTwoFactor, isTwoFactorEnabled } from '../modules/auth/two-factor';
import { openSite } from './open-site';
import { askHidden, askYesNo, readFirstLine } from './prompt';

/**
 * For an owner who is locked out: sets a new admin password (typed twice
 * without echo, or one line piped in), signs every session out, lifts every
 * lock-out of the secret guard, and can turn two-factor sign-in off
 * (`--disable-2fa`, or a question on a terminal). The password it sets is
 * the database's own: a stale ADMIN_PASSWORD no longer replaces it.
 */
export async function passwordCommand(args: string[]): Promise<void> {
  const interactive = process.stdin.isTTY === true;
  let password: string;
  if (interactive) {
    password = await askHidden('New admin password: ');
    const again = await askHidden('Once more: ');
    if (password !== again) throw new Error('The two passwords differ; nothing was changed.');
  } else {
    password = (await readFirstLine()).replace(/\r$/, '');
  }
  const problem = passwordProblem(password);
  if (problem) throw new Error(`The password ${problem}; nothing was changed.`);

  const site = await openSite();
  try {
    const db = site.database.db;
    let disable2fa = args.includes('--disable-2fa');
    if (!disable2fa && interactive && (await isTwoFactorEnabled(db))) disable2fa = await askYesNo('Two-factor sign-in is on. Turn it off too?');
    await replaceAdminPassword(db, password, { origin: 'command-line' });
    if (disable2fa) await disableTwoFactor(db);
    // The owner this command is for may be the one locked out.
    await forgiveAllFailures(db);
    await insertAuditEntry(db, {
      action: 'auth.password_reset',
      targetType: 'password',
      summary: `Password set from the command line; every session signed out and every lock-out lifted${disable2fa ? '; two-factor sign-in turned off' : ''}`,
    });
    process.stdout.write(`The admin password was changed and every session signed out${disable2fa ? '; two-factor sign-in is off' : ''}.\n`);
  } finally {
    await site.database.close();
  }
}
