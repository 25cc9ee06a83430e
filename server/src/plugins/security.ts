import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Per-email limit for the sign-in routes, on top of the per-IP limit. `perAddress` counts
     * each email separately for each address, so a stranger's wrong guesses never lock the
     * owner out of their own dashboard mid-show.
     */
    limitPerEmail(scope: string, options?: { perAddress?: boolean }): preHandlerAsyncHookHandler;
    /** Route config for the per-IP limit of the sign-in routes. */
    authRateLimit: { max: number; timeWindow: number };
    /** Route config for the per-IP limit of the audience's submissions. */
    publicWriteRateLimit: { max: number; timeWindow: number };
  }
}

interface SecurityOptions {
  publicUrl: string;
  authPerIpPerMinute: number;
  authPerEmailPerMinute: number;
  publicWritesPerIpPerMinute: number;
}

const MINUTE = 60_000;

export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Musicians also run it over plain http on a venue LAN, where upgrading would break it.
          upgradeInsecureRequests: options.publicUrl.startsWith('https:') ? [] : null,
        },
      },
    });

    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, messages.tooManyRequests, {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        }),
    });
    app.decorate('authRateLimit', { max: options.authPerIpPerMinute, timeWindow: MINUTE });
    app.decorate('publicWriteRateLimit', {
      max: options.publicWritesPerIpPerMinute,
      timeWindow: MINUTE,
    });

    const perEmail = fixedWindowCounter(options.authPerEmailPerMinute, MINUTE);
    app.decorate('limitPerEmail', (scope: string, { perAddress = false } = {}) => {
      return async (request: FastifyRequest) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== 'string') return;
        const key = `${scope}:${email.toLowerCase()}${perAddress ? `@${request.ip}` : ''}`;
        const retryAfter = perEmail.hit(key);
        if (retryAfter > 0) throw tooManyRequests(messages.tooManyRequests, retryAfter);
      };
    });
  },
  { name: 'security' },
);

/** Counts hits per key in fixed windows; `hit` returns seconds to wait, or 0 if allowed. */
function fixedWindowCounter(max: number, windowMs: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key: string): number {
      const now = Date.now();
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return window.count > max ? Math.ceil((window.resetAt - now) / 1000) : 0;
    },
  };
}
