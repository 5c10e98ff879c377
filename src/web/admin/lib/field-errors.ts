import type { z } from 'zod';

/** Field path ("heroConfig.button1.link") → first message. */
export type FieldErrors = Record<string, string>;

export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The field errors a schema finds in a form's value (none when it parses). */
export function schemaErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : toFieldErrors(parsed.error);
}

/** Errors below a prefix, with the prefix removed (for nested editors). */
export function nestedErrors(errors: FieldErrors, prefix: string): FieldErrors {
  const nested: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) nested[key.slice(prefix.length + 1)] = message;
  }
  return nested;
}

export const hasErrorsUnder = (errors: FieldErrors, prefixes: string[]) =>
  Object.keys(errors).some((key) => prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)));
