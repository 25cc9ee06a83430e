import type { FastifyRequest } from 'fastify';

/** A host header as browsers send it: a name or IPv4/IPv6 address and an optional port. */
const HOST_SHAPE = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the browser used to reach this server (honouring X-Forwarded-Proto and -Host only
 * when TRUST_PROXY is set, which is how Fastify's request.protocol and request.host work), or
 * undefined when the host header is not one a browser would send.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || !HOST_SHAPE.test(host)) return undefined;
  return `${request.protocol}://${host.toLowerCase()}`;
}

/** Where the audience host comes from: PUBLIC_URL, unless it was left at its localhost default. */
export interface PublicUrlOptions {
  publicUrl: string;
  /** PUBLIC_URL unset: use the address the browser used rather than localhost. */
  publicUrlIsDefault: boolean;
}

/** The audience host for links and QR codes, the same for GET /api/config and the QR routes. */
export function publicUrlFor(request: FastifyRequest, options: PublicUrlOptions): string {
  return (options.publicUrlIsDefault && requestOrigin(request)) || options.publicUrl;
}
