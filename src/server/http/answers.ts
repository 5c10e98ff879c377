import type { z } from 'zod';
import { ApiFailureSchema } from '../../shared/schemas/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a route answers when it succeeds: a file (a download streamed as
     * it is written) instead of the JSON envelope, so it declares no response
     * schema (decision 057).
     */
    answers?: 'file';
  }
}

/** Every refusal and failure is the error envelope (error-handler.ts), whatever the route. */
const FAILURES = { '4xx': ApiFailureSchema, '5xx': ApiFailureSchema } as const;

/**
 * A route's `schema.response` (decision 057): `answer`, a whole envelope from
 * src/shared/schemas/ (`apiSuccessSchema(ProductSchema)`,
 * `listAnswerSchema(ProductSchema)`, …), for `status`,
 * and the error envelope for every 4xx and 5xx. The serializer sends only
 * what the schema names: a field missing from it never reaches the client.
 */
export const answers = <S extends number, A extends z.ZodType>(status: S, answer: A) =>
  ({ [status]: answer, ...FAILURES }) as { [K in S]: A } & typeof FAILURES;

/** Route options of a download: it answers a stream, which no schema describes; its refusals are the error envelope all the same. */
export const FILE_ROUTE = { config: { answers: 'file' } } as const;
