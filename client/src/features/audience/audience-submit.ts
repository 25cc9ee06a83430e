import { ApiError } from '#client/lib/api-fetch.ts';
import { DEVICE_ID_HEADER } from '#shared/limits.ts';
import { deviceId } from './device-id.ts';

/** `{ "detail": "..." }`, the shape of every error answer. */
function detailOf(payload: unknown): string | undefined {
  const detail = (payload as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

/**
 * POSTs one outbox submission with its Idempotency-Key and the phone's X-Device-Id. (fetchJson
 * takes no extra headers, and the page needs no session.) Throws ApiError like fetchJson: status
 * 0 when the server could not be reached, so the outbox knows what to retry.
 */
export async function postSubmission(path: string, body: unknown, key: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': key,
        [DEVICE_ID_HEADER]: deviceId(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, detailOf(payload));
  return payload;
}
