import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { discoverApiRoutes } from '../helpers/routes';

/**
 * Every API route declares its answer (decision 057): a JSON route names the
 * schema of its success envelope and the error envelope for 4xx and 5xx; a
 * download says it answers a file instead. Walks the routes as they are declared, so
 * a new route cannot be forgotten.
 */

type Declared = { method: string; path: string; route: RouteOptions };

const HOW_TO =
  "add `schema: { response: answers(200, apiSuccessSchema(YourDataSchema)) }` to its options " +
  '(answers from src/server/http/answers.ts; the envelope builders apiSuccessSchema / listAnswerSchema / pageAnswerSchema from ' +
  'src/shared/schemas/api.ts; YourDataSchema a zod schema in src/shared/schemas/ naming every field the answer carries; ' +
  'the status it answers in place of 200, e.g. 201), or spread FILE_ROUTE (answers.ts) into the options of a download';

const isZod = (value: unknown) => value instanceof z.ZodType;
const normalised = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/** What is missing from a route's declared answer, or null when it is complete. */
function missingAnswer(route: RouteOptions): string | null {
  if (route.config?.answers === 'file') return null;
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  const missing: string[] = [];
  if (!Object.entries(response).some(([status, schema]) => /^2\d\d$/.test(status) && isZod(schema))) missing.push('a success schema (2xx)');
  for (const status of ['4xx', '5xx']) if (!isZod(response[status])) missing.push(`the error envelope for ${status}`);
  return missing.length > 0 ? missing.join(', ') : null;
}

describe('every API route declares its answer', () => {
  let t: TestApp;
  const declared: Declared[] = [];

  beforeAll(async () => {
    t = await startTestApp({}, {
      web: false,
      onRoute: (route) => {
        if (!route.url.startsWith('/api/')) return;
        for (const method of [route.method].flat()) {
          // Fastify adds a HEAD beside each GET, with the GET's options.
          if (method !== 'HEAD') declared.push({ method, path: normalised(route.url), route });
        }
      },
    });
  });
  afterAll(async () => t.close());

  it('sees every route of the route table', () => {
    const seen = new Set(declared.map(({ method, path }) => `${method} ${path}`));
    const table = discoverApiRoutes(t.app).filter((route) => route.method !== 'HEAD');
    expect(table.length).toBeGreaterThan(50);
    expect(table.filter((route) => !seen.has(`${route.method} ${route.path}`))).toEqual([]);
  });

  it('finds a success schema and the error envelope on each', () => {
    const problems = declared.flatMap(({ method, path, route }) => {
      const missing = missingAnswer(route);
      return missing ? [`${method} ${path} lacks ${missing}: ${HOW_TO}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('declares the answers of downloads as files only where they are', () => {
    const files = declared.filter(({ route }) => route.config?.answers === 'file').map(({ method, path }) => `${method} ${path}`);
    expect(files.sort()).toEqual([
      'GET /api/analytics/products.csv',
      'GET /api/backup',
      'GET /api/export/catalogue.json',
      'GET /api/export/products.csv',
      'GET /api/form-submissions.csv',
      'GET /api/newsletter/subscribers.csv',
    ]);
  });
});
