import { fetchJson, type FetchOptions } from '#client/lib/api-fetch.ts';
import { DEVICE_ID_HEADER, TIME_ZONE_HEADER } from '#shared/limits.ts';
import { deviceId } from './device-id.ts';
import { currentLocale } from './i18n/audience-i18n.ts';

/**
 * The page's own calls to `/api{path}`, on the lib client: no session, and Accept-Language set
 * to the page's language, so the server words its `detail` in the language the person reads
 * (the switcher's choice, not only the browser's). Throws ApiError like fetchJson: status 0 when
 * the server could not be reached, so the outbox knows what to retry.
 */
export function audienceFetch(path: string, options: FetchOptions = {}): Promise<unknown> {
  return fetchJson(path, {
    ...options,
    anonymous: true,
    headers: { 'accept-language': currentLocale(), ...options.headers },
  });
}

/** The phone's time zone: a song refused as played says when, on this clock. */
function phoneTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * POSTs one outbox submission with its Idempotency-Key, the phone's X-Device-Id and its time
 * zone (X-Time-Zone).
 */
export function postSubmission(path: string, body: unknown, key: string): Promise<unknown> {
  return audienceFetch(path, {
    method: 'POST',
    body,
    idempotencyKey: key,
    headers: { [DEVICE_ID_HEADER]: deviceId(), [TIME_ZONE_HEADER]: phoneTimeZone() },
  });
}
