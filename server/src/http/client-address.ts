import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '#server/config.ts';

/** Whether the hop `hop` away (0 is the peer of the TCP connection), at `address`, is a proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify and the sockets apply it. A hop count is our own function: Fastify's
 * own numeric option trusts nothing at all (it cannot check the peer), while the deployment's
 * balancer is the one peer the apps have. A list of addresses trusts exactly those.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The client's address as the HTTP routes see it (request.ip): the peer, or, behind trusted
 * proxies, the nearest address in X-Forwarded-For that no trusted proxy wrote.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust | false): string {
  if (!trust) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}
