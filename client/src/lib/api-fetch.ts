/**
 * The zod-free core of every API call: the audience page uses it directly (its bundle carries
 * no validation library); api-client.ts builds the schema-checked `api` on it.
 */

/** A failed API call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  /** The whole answer, for the fields an error carries beside its detail (a 428's challenge). */
  readonly body: unknown;

  constructor(status: number, detail: string | undefined, body?: unknown) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
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

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-encoded, except FormData (file uploads), sent as multipart by the browser. */
  body?: unknown;
  /** Sent as the Idempotency-Key header: the server files a retried submission once. */
  idempotencyKey?: string;
  /** Another session's token than the current one (a move made before signing out). */
  token?: string;
  /** Lets the browser finish sending while the page closes. */
  keepalive?: boolean;
  /** Sent as they are, after the defaults (the audience page's language, its device id). */
  headers?: Record<string, string>;
  /** A call of nobody's session (the audience page): no token sent, a 401 ends no session. */
  anonymous?: boolean;
}

/** `{ "detail": "..." }`, the shape of every error answer, read without a schema. */
function detailOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('detail' in payload)) return undefined;
  const { detail } = payload;
  return typeof detail === 'string' ? detail : undefined;
}

/**
 * Calls `/api{path}` and returns the parsed JSON body, unchecked (the caller checks it or trusts
 * the contract). Throws ApiError on a network failure (status 0) or a non-2xx answer.
 */
export async function fetchJson(path: string, options: FetchOptions = {}): Promise<unknown> {
  const token = options.anonymous ? null : (options.token ?? session.token());
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const multipart = options.body instanceof FormData;
  // Fastify rejects an empty body sent as JSON, so the header goes only with a body; the
  // browser sets multipart's own header, with its boundary.
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined || multipart
          ? (options.body as FormData | undefined)
          : JSON.stringify(options.body),
      keepalive: options.keepalive,
    });
  } catch {
    throw new ApiError(0, undefined);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // Only if this token is still the session's: a late answer must not end a newer session
    // or replace the notice of a logout that already happened.
    if (response.status === 401 && token && session.token() === token) session.onUnauthorized();
    throw new ApiError(response.status, detailOf(payload), payload);
  }
  return payload;
}
