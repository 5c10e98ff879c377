import type { HydrationState } from 'react-router';

/** The JSON script tag that carries the server's router state (CSP allows no inline executable script). */
export const HYDRATION_SCRIPT_ID = 'showcase-hydration';

export type HydrationPayload = Pick<HydrationState, 'loaderData' | 'actionData' | 'errors'>;
