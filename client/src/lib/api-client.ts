import type { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';

/** A failed API call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;

  constructor(status: number, detail: string | undefined) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

/** The server's sentence when there is one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

interface SessionHooks {
  token(): string | null;
  onUnauthorized(): void;
}

// Set once at start-up (main.tsx), so this module does not depend on the auth feature.
let session: SessionHooks = { token: () => null, onUnauthorized: () => {} };

export function connectSession(hooks: SessionHooks): void {
  session = hooks;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-encoded, except FormData (file uploads), sent as multipart by the browser. */
  body?: unknown;
}

async function request<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}) {
  const token = session.token();
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = options.body instanceof FormData;
  // Fastify rejects an empty body sent as JSON, so the header goes only with a body; the
  // browser sets multipart's own header, with its boundary.
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined || multipart
          ? (options.body as FormData | undefined)
          : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, undefined);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // Only if this token is still the session's: a late answer must not end a newer session
    // or replace the notice of a logout that already happened.
    if (response.status === 401 && token && session.token() === token) session.onUnauthorized();
    const error = ErrorBody.safeParse(payload);
    throw new ApiError(response.status, error.success ? error.data.detail : undefined);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, undefined);
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request(path, schema),
  post: <T>(path: string, schema: z.ZodType<T>, body?: unknown) =>
    request(path, schema, { method: 'POST', body }),
  put: <T>(path: string, schema: z.ZodType<T>, body?: unknown) =>
    request(path, schema, { method: 'PUT', body }),
  delete: <T>(path: string, schema: z.ZodType<T>) => request(path, schema, { method: 'DELETE' }),
  upload: <T>(path: string, schema: z.ZodType<T>, form: FormData) =>
    request(path, schema, { method: 'POST', body: form }),
};
