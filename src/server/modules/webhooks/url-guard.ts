import { ANY_ADDRESS, checkHost, isPublicAddress, type Permit } from '../../http/public-address';

export const PRIVATE_REFUSED = 'points to a loopback, private, link-local or metadata address';

/**
 * Where a webhook may go (decision 065): public addresses only (one list for
 * the site, http/public-address.ts), unless WEBHOOK_ALLOW_PRIVATE is set.
 */
export const webhookPermit = (allowPrivate: boolean): Permit => (allowPrivate ? ANY_ADDRESS : isPublicAddress);

/** Why an endpoint URL is refused at save, or null: http(s) only, and no host that resolves to a private address. */
export async function endpointUrlProblem(value: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http:// or https:// URL';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (allowPrivate) return null;
  const checked = await checkHost(url.hostname, isPublicAddress);
  if (checked.addresses.length === 0) return 'has a host name that does not resolve';
  return checked.refused ? PRIVATE_REFUSED : null;
}
