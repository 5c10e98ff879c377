import { badRequest } from '../../http/errors';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/auth';
// The 10,000 most common passwords of the zxcvbn-ts list (@zxcvbn-ts/language-common
// 4.1.3, MIT, ranked by frequency), plus every entry further down that list
// long enough to pass the length rule (see docs/decisions/020-admin-password.md).
import commonPasswordList from './common-passwords.json';

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(commonPasswordList));

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/** Why a new admin password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return 'is one of the most common passwords; choose another';
  return undefined;
}

export function assertAcceptablePassword(password: string, field = 'newPassword'): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(`${field}: ${problem}`);
}
