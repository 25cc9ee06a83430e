import type { FastifyRequest } from 'fastify';

/**
 * The cookie that binds a sign-in to the browser that started it. Its value is a random key the
 * flow is stored under (with the state), so a provider answer brought to another browser, one
 * with no flow of its own (login CSRF), finds nothing: only the browser that went to the
 * provider can finish the sign-in.
 */
export const OIDC_FLOW_COOKIE = 'oidc_flow';

/** Sent to the start and callback routes only. */
const PATH = '/api/auth/oidc';

/**
 * HttpOnly (no script reads it), SameSite=Lax (no other site's request carries it; the return to
 * /profile is a top-level navigation and the callback a same-origin call), Secure behind https,
 * and gone when the flow expires.
 */
export function flowCookie(key: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${OIDC_FLOW_COOKIE}=${key}`,
    `Path=${PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Clears the cookie: the flow is over, whichever way it ended. */
export function clearedFlowCookie(secure: boolean): string {
  return flowCookie('', 0, secure);
}

/** The flow key the browser sent, if any. */
export function flowKeyOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== OIDC_FLOW_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    if (value) return value;
  }
  return undefined;
}
