import { ErrorBody } from '#shared/schemas/common.ts';

/** Response schemas of a route: its success shapes plus the `{ detail }` of every error. */
export function responses<T extends Record<number, unknown>>(success: T) {
  return { ...success, '4xx': ErrorBody, '5xx': ErrorBody };
}
