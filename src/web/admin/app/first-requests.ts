import { readStoredToken } from '../../api/client';
import { askEarly } from '../lib/early-answers';
import { productListFirstPaths } from '../features/products/api/products';
import { subscriberListFirstPaths } from '../features/subscribers/api/subscribers';
import { inboxFirstPaths } from '../features/forms/api/form-submissions';
import { screenNameOf, type ScreenName } from './router';

/** The reads a screen starts with, for the screens whose first rows are worth one round trip. */
const firstPathsOf: Partial<Record<ScreenName, () => string[]>> = {
  products: productListFirstPaths,
  subscribers: subscriberListFirstPaths,
  forms: inboxFirstPaths,
};

/**
 * Sends the first reads of the screen at `pathname` together with the session
 * check, with the stored token: the screen takes their answers when it mounts
 * (lib/early-answers.ts). Without a token there is no session to check.
 */
export function askFirstRequests(pathname: string): void {
  const name = screenNameOf(pathname);
  const paths = name ? firstPathsOf[name]?.() : undefined;
  if (paths && readStoredToken()) askEarly(paths);
}
