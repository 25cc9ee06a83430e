/**
 * Which push services the server will call. A phone hands in its subscription's endpoint, and
 * the server later POSTs to it: without this list any phone could make the server call an
 * address of its choosing (a service on the server's own network, say). Only the browsers' own
 * push services are on it by default; WEB_PUSH_ALLOWED_ORIGINS replaces it.
 */

/** The push services of Chrome (and every Chromium), Firefox, Safari and Edge. */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const;

/**
 * One allowed origin. `*.` may stand for exactly one DNS label, and only as the host's first
 * label, before a domain of at least two labels (`https://*.notify.windows.com` takes
 * `https://wns2-par02p.notify.windows.com`, never `https://a.b.notify.windows.com`, nor
 * `https://notify.windows.com.evil.example`): a wildcard can never reach beyond its domain.
 */
export interface PushServiceOrigin {
  protocol: 'https:' | 'http:';
  /** The host as URL spells it (lower case, punycode), without the `*.`. */
  hostname: string;
  wildcard: boolean;
  /** '' for the scheme's default port, as URL gives it. */
  port: string;
}

const PATTERN = /^(https?):\/\/(\*\.)?([^/:?#*@\s]+)(?::(\d{1,5}))?\/?$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** `https://host[:port]` or `https://*.domain[:port]` read, or null when it is neither. */
export function parsePushServiceOrigin(text: string): PushServiceOrigin | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, scheme, star, host, port] = match;
  let url: URL;
  try {
    url = new URL(`${scheme!.toLowerCase()}://${host}${port ? `:${port}` : ''}`);
  } catch {
    return null;
  }
  const wildcard = star !== undefined;
  // A wildcard stands before a registrable-looking domain, never before a bare name or a TLD.
  if (wildcard && (!url.hostname.includes('.') || url.hostname.startsWith('['))) return null;
  return {
    protocol: url.protocol as PushServiceOrigin['protocol'],
    hostname: url.hostname,
    wildcard,
    port: url.port,
  };
}

/** Whether the server may send to `endpoint`: its origin is one of `allowed`. */
export function isAllowedEndpoint(
  endpoint: string,
  allowed: readonly PushServiceOrigin[],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowed.some((origin) => {
    if (url.protocol !== origin.protocol || url.port !== origin.port) return false;
    if (!origin.wildcard) return url.hostname === origin.hostname;
    const suffix = `.${origin.hostname}`;
    if (!url.hostname.endsWith(suffix)) return false;
    return LABEL.test(url.hostname.slice(0, -suffix.length));
  });
}

/** What a log line may say of an endpoint: its origin. The rest addresses one browser. */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unparsable endpoint';
  }
}
