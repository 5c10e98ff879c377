/** The JSON script tag that carries the server's router state (CSP allows no inline executable script). */
export const HYDRATION_SCRIPT_ID = 'showcase-hydration';

/** The page's loader data by route id, and the error each boundary route shows (null when it rendered). */
export type HydrationPayload = {
  loaderData: Record<string, unknown>;
  actionData?: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
};
