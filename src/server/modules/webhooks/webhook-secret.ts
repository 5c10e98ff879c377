import { randomBytes } from 'node:crypto';

/** The name an endpoint's secret is sealed under (content/secret-box.ts): a sealed value moved to another endpoint does not open. */
export const secretName = (endpointId: string) => `webhook:${endpointId}`;

/** A new signing secret, shown to the owner once. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
