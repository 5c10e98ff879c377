import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, fieldOf } from './errors';
import { classifyDatabaseError, isUniqueViolation, type DatabaseFault } from '../db/errors';

type ValidationIssue = { instancePath: string; message?: string | undefined };

/** "title: is required" — the field first, so a person knows what to fix. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = (first.message ?? 'is invalid').replace(/^Invalid input: /, '');
  if (field) return `${field}: ${message}`;
  return context === 'body' ? `Request body: ${message}` : `Invalid ${context ?? 'request'}: ${message}`;
}

// Fastify's own client errors, with messages written for people.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body must not be empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart/form-data upload' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'File is too large' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files in one upload' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many parts in one upload' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many fields in one upload' },
  FST_PROTO_VIOLATION: { status: 400, message: 'Invalid multipart field name' },
};

/** What a visitor is told when the database fails (decision 010); `retryAfter` in seconds. */
export const DATABASE_FAULT_ANSWERS: Record<DatabaseFault, { status: number; message: string; retryAfter?: number }> = {
  unavailable: { status: 503, message: 'The database is unavailable: please try again in a few seconds', retryAfter: 5 },
  busy: { status: 503, message: 'The database is busy: please try again in a few seconds', retryAfter: 2 },
  full: { status: 507, message: 'Storage is full: the change was not saved' },
  'read-only': { status: 503, message: 'Storage is read-only: the change was not saved', retryAfter: 60 },
};

/** The envelope and status a failure is answered with; `retryAfter` in seconds. */
export type FailureAnswer = { status: number; body: { success: false; error: string; data?: unknown; field?: string }; retryAfter?: number };

/**
 * One place turns every failure into the envelope with a real status; 5xx details stay in the log. Also used
 * where the status line has gone out already (an import streaming its progress, decision 079): the envelope
 * is then its last line.
 */
export function failureAnswer(error: FastifyError, request: FastifyRequest): FailureAnswer {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = describeValidation(error.validationContext, error.validation);
    const field = error.validationContext === 'body' ? fieldOf(message) : undefined;
    return { status: 400, body: { success: false, error: message, ...(field ? { field } : {}) } };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { success: false, error: error.message, ...(error.data ? { data: error.data } : {}), ...(error.field ? { field: error.field } : {}) } };
  }
  if (isUniqueViolation(error)) return { status: 409, body: { success: false, error: 'An item with the same value already exists' } };
  const fault = classifyDatabaseError(error);
  if (fault) {
    const answer = DATABASE_FAULT_ANSWERS[fault];
    // Passing faults (a restart, a held lock) are warnings; a full or read-only disk needs a person.
    const level = fault === 'unavailable' || fault === 'busy' ? 'warn' : 'error';
    request.log[level]({ err: error, fault }, `request failed: database ${fault}`);
    return { status: answer.status, body: { success: false, error: answer.message }, ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}) };
  }
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return { status: known.status, body: { success: false, error: known.message } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { success: false, error: error.message || 'Bad request' } };
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { success: false, error: 'Internal server error' } };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, retryAfter } = failureAnswer(error, request);
    if (retryAfter) reply.header('Retry-After', String(retryAfter));
    return reply.status(status).send(body);
  });
}
