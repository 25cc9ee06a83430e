import { ApiError } from '#client/lib/api-fetch.ts';
import { DEVICE_ID_HEADER } from '#shared/limits.ts';
import { deviceId } from './device-id.ts';
import { currentLocale } from './i18n/audience-i18n.ts';

/** `{ "detail": "..." }`, the shape of every error answer. */
function detailOf(payload: unknown): string | undefined {
  const detail = (payload as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

interface AudienceFetchOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The page's own calls to `/api{path}`: no session, and Accept-Language set to the page's
 * language, so the server words its `detail` in the language the person reads (the switcher's
 * choice, not only the browser's). Throws ApiError like fetchJson: status 0 when the server
 * could not be reached, so the outbox knows what to retry.
 */
export async function audienceFetch(
  path: string,
  options: AudienceFetchOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLocale(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, detailOf(payload));
  return payload;
}

/** POSTs one outbox submission with its Idempotency-Key and the phone's X-Device-Id. */
export function postSubmission(path: string, body: unknown, key: string): Promise<unknown> {
  return audienceFetch(path, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key, [DEVICE_ID_HEADER]: deviceId() },
  });
}
