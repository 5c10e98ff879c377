/** An error whose message is safe to show; the status picks the HTTP code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as the envelope's `data` beside the error, for a client that must act on it (e.g. `{ twoFactor: true }`). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required', data?: Record<string, unknown>) => new HttpError(401, message, data);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
