declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a route. Every API route is admin-only unless it says
     * `public` here (decision 023, "private by default"): a new route cannot
     * leak by being forgotten in a list.
     */
    access?: 'public';
  }
}

/** Route option for the API calls visitors and the login screen make. */
export const PUBLIC_ROUTE = { config: { access: 'public' } } as const;
