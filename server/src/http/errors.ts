/**
 * Errors a service may throw on purpose. The error handler turns each into its status code and
 * a `{ detail }` body; anything else is a 500 whose details stay in the log.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** Fields the answer carries beside `detail` (a 428's challenge). */
  readonly body: Record<string, unknown>;

  constructor(
    statusCode: number,
    detail: string,
    headers: Record<string, string> = {},
    body: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
    this.body = body;
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail: string) =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const serviceUnavailable = (detail: string) => new HttpError(503, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { 'retry-after': String(retryAfterSeconds) });
