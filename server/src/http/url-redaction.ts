/**
 * Query parameters whose value is someone's secret, kept out of every log line (the one list:
 * server/test/http/url-redaction.test.ts makes every parameter the API or the client's pages
 * read either one of these or named harmless):
 * - token: a feed token (GET /api/feed, the /overlay page), all a browser can send on a WebSocket;
 * - code and state: the identity provider's sign-in return (/profile), which finishes a sign-in,
 *   and the stage pairing link (/stage/pair), which claims the pairing;
 * - the rest are what an OAuth provider may put on the return address besides them.
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'token',
  'code',
  'state',
  'id_token',
  'access_token',
  'refresh_token',
  'session_state',
];

const SECRET = new Set(SECRET_QUERY_PARAMETERS);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** `name=value` with the value replaced when the name, however it was written, is a secret's. */
function redactPair(pair: string): string {
  const equals = pair.indexOf('=');
  if (equals === -1) return pair;
  const name = pair.slice(0, equals);
  return SECRET.has(decodedName(name)) ? `${name}=[redacted]` : pair;
}

/**
 * The URL as a log line may show it: secret query values replaced, everything else as it came.
 * A requester's status token travels in the path of GET /api/request-status/{token}.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = (queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt)).replace(
    /(\/request-status\/)[^/]*/i,
    '$1[redacted]',
  );
  if (queryAt === -1) return path + hash;
  const query = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .map(redactPair)
    .join('&');
  return `${path}?${query}${hash}`;
}
