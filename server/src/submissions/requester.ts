import type { FastifyRequest } from 'fastify';
import { isTimeZone } from '#shared/i18n/clock-time.ts';
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, TIME_ZONE_HEADER } from '#shared/limits.ts';

/**
 * The audience phone's X-Device-Id, or '' when absent or not of our shape. It is a hint, never a
 * key on its own: anyone can send a fresh one, so the email and IP limits apply regardless.
 */
export function deviceIdOf(request: FastifyRequest): string {
  const header = request.headers[DEVICE_ID_HEADER];
  return typeof header === 'string' && DEVICE_ID_PATTERN.test(header) ? header : '';
}

/** Who is asking, as far as the page can tell. */
export interface Requester {
  /** As typed; compared lower-cased. '' when the submission carries none (a tip). */
  email: string;
  /** '' when the phone sent none. */
  deviceId: string;
}

/** The phone's time zone (X-Time-Zone), or undefined when absent or not one Intl knows. */
export function timeZoneOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TIME_ZONE_HEADER];
  return typeof header === 'string' && isTimeZone(header) ? header : undefined;
}
