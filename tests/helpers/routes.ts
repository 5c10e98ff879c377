import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; path: string };

/** Every API route the app has, read from Fastify's route tree, so a new route cannot escape a test that walks them all. */
export function discoverApiRoutes(app: FastifyInstance): RouteEntry[] {
  const stack: string[] = [];
  const found = new Map<string, RouteEntry>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (!normalised.startsWith('/api/')) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      found.set(`${method} ${normalised}`, { method, path: normalised });
    }
  }
  return [...found.values()];
}
