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
 * src/shared/schemas/api.ts around an answer schema
 * (`apiSuccessSchema(ProductAnswerSchema)`, `listAnswerSchema(…)`, …), under
 * `status`, and the error envelope for every 4xx and 5xx. Answer objects are
 * strict: a field the schema does not name fails the answer (500, the zod
 * issue in the log) instead of vanishing from it unseen.
 */
export const answers = <S extends number, A extends z.ZodType>(status: S, answer: A) =>
  ({ [status]: answer, ...FAILURES }) as { [K in S]: A } & typeof FAILURES;

/** Route options of a download: it answers a stream, which no schema describes; its refusals are the error envelope all the same. */
export const FILE_ROUTE = { config: { answers: 'file' } } as const;
