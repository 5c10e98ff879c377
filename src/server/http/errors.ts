/** An error whose message is safe to show; the status picks the HTTP code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as the envelope's `data` beside the error, for a client that must act on it (e.g. `{ twoFactor: true }`). */
    readonly data?: Record<string, unknown>,
    /** The input field the refusal is about ("slug", "heroConfig.button1.link"): the admin shows the message under it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Our 400 texts read "field: what is wrong": the field, for a refusal of a form's input to name beside the error. */
const FIELD_PREFIX = /^([A-Za-z][\w.]*): /;
export const fieldOf = (message: string) => FIELD_PREFIX.exec(message)?.[1];

export const badRequest = (message: string, field?: string) => new HttpError(400, message, undefined, field);
/** A 400 about one input of a form ("description: is required"): names that field beside the error. */
export const badField = (message: string) => badRequest(message, fieldOf(message));
export const unauthorized = (message = 'Authentication required', data?: Record<string, unknown>) => new HttpError(401, message, data);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, undefined, field);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
