import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '#shared/messages.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { addSecurityHeaders } from '../http/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Per-email limit for the sign-in routes, on top of the per-IP limit. `perAddress` counts
     * each email separately for each address, so a stranger's wrong guesses never lock the
     * owner out of their own dashboard mid-show.
     */
    limitPerEmail(scope: string, options?: { perAddress?: boolean }): preHandlerAsyncHookHandler;
    /** Forgets an email's count in `scope` from every address (a reset proved who they are). */
    forgetEmailLimit(scope: string, email: string): void;
    /** Route config for the per-IP limit of the sign-in routes: one budget for all of them. */
    authRateLimit: GroupLimit;
    /** Route config for the per-IP limit of the audience's submissions: one shared budget. */
    publicWriteRateLimit: GroupLimit;
    /** Route config for the per-IP limit of the audience page's public reads. */
    publicReadRateLimit: GroupLimit;
  }
}

interface SecurityOptions {
  publicUrl: string;
  authPerIpPerMinute: number;
  authPerEmailPerMinute: number;
  publicWritesPerIpPerMinute: number;
  /** RATE_LIMIT_PUBLIC_READS_PER_MINUTE once config.ts reads it; 600 until then. */
  publicReadsPerIpPerMinute: number;
}

/** A route's rate-limit config; routes with the same `groupId` draw on one budget per IP. */
interface GroupLimit {
  max: number;
  timeWindow: number;
  groupId: string;
}

const MINUTE = 60_000;

export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    addSecurityHeaders(app, {
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
      store: GroupedStore,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, messages.tooManyRequests, {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        }),
    });
    app.decorate('authRateLimit', {
      max: options.authPerIpPerMinute,
      timeWindow: MINUTE,
      groupId: 'sign-in',
    });
    app.decorate('publicWriteRateLimit', {
      max: options.publicWritesPerIpPerMinute,
      timeWindow: MINUTE,
      groupId: 'audience-writes',
    });
    app.decorate('publicReadRateLimit', {
      max: options.publicReadsPerIpPerMinute,
      timeWindow: MINUTE,
      groupId: 'audience-reads',
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
    app.decorate('forgetEmailLimit', (scope: string, email: string) => {
      const key = `${scope}:${email.toLowerCase()}`;
      perEmail.forget((counted) => counted === key || counted.startsWith(`${key}@`));
    });
  },
  { name: 'security' },
);

type StoreCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * The rate-limit plugin gives every route its own store (`child`), so its `groupId` alone would
 * still count each route separately. Here routes naming the same group get the same store: the
 * "per IP across the sign-in routes" (docs/configuration.md, Limits) is one budget, not one per route.
 */
class GroupedStore {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();
  private readonly groups: Map<string, GroupedStore>;

  constructor(_params?: unknown, groups = new Map<string, GroupedStore>()) {
    this.groups = groups;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    const now = Date.now();
    if (this.windows.size > 50_000) {
      for (const [k, w] of this.windows)
        if (w.startedAt + timeWindow <= now) this.windows.delete(k);
    }
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count++;
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now });
  }

  read(key: string, callback: StoreCallback, timeWindow: number): void {
    const now = Date.now();
    const window = this.windows.get(key);
    const alive = window && window.startedAt + timeWindow > now;
    callback(null, {
      current: alive ? window.count : 0,
      ttl: alive ? window.startedAt + timeWindow - now : timeWindow,
    });
  }

  /** Called per route with the route's merged limit params (typed as route options upstream). */
  child(routeParams: object): GroupedStore {
    const { groupId } = routeParams as { groupId?: unknown };
    if (typeof groupId !== 'string') return new GroupedStore(undefined, this.groups);
    let store = this.groups.get(groupId);
    if (!store) {
      store = new GroupedStore(undefined, this.groups);
      this.groups.set(groupId, store);
    }
    return store;
  }
}

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
    forget(matches: (key: string) => boolean): void {
      for (const key of windows.keys()) if (matches(key)) windows.delete(key);
    },
  };
}
