import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseStats } from '../db/database.ts';

/** What the gauges read when Prometheus scrapes: nothing on the way of a request. */
export interface MetricSources {
  database(): DatabaseStats;
  /** Socket.IO sockets connected to this process, by namespace name ('/', '/audience'). */
  sockets(): Record<string, number>;
  /** Live feeds (features/feed) open on this process. */
  feeds(): number;
}

/** Methods Fastify routes; any other is counted as OTHER so a client cannot add label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: most answers take a few milliseconds, imports and exports up to seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One process's metrics in a registry of their own (not prom-client's global one), so several
 * apps in one test process never share or clash. Names start with songreq_; prom-client's
 * default process and Node.js metrics come with them.
 */
export function appMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // Its _count series is the request counter: one observe per request is all a request pays.
  const http = new Histogram({
    name: 'songreq_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const events = new Counter({
    name: 'songreq_domain_events_published_total',
    help: 'Domain events published by this process (each becomes socket and feed pushes)',
    labelNames: ['event'] as const,
    registers,
  });
  const redisErrors = new Counter({
    name: 'songreq_redis_errors_total',
    help: "Errors of the Socket.IO adapter's Redis connection (each is logged as 'redis connection error')",
    registers,
  });

  return {
    registry,
    /** `route` is the route's pattern (e.g. /api/requests/:id), or undefined when none matched. */
    httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      http.observe(
        {
          method: METHODS.has(method) ? method : 'OTHER',
          route: route ?? 'unmatched',
          status_code: statusCode,
        },
        seconds,
      );
    },
    eventPublished(name: string) {
      events.inc({ event: name });
    },
    redisError() {
      redisErrors.inc();
    },
    /** The gauges, read from `sources` at each scrape. */
    watch(sources: MetricSources) {
      new Gauge({
        name: 'songreq_socketio_connected_sockets',
        help: 'Socket.IO sockets connected to this process: devices on /, phones on /audience',
        labelNames: ['namespace'] as const,
        registers,
        collect() {
          for (const [namespace, count] of Object.entries(sources.sockets())) {
            this.set({ namespace }, count);
          }
        },
      });
      new Gauge({
        name: 'songreq_live_feeds_open',
        help: 'Live feed WebSockets open on this process',
        registers,
        collect() {
          this.set(sources.feeds());
        },
      });
      new Gauge({
        name: 'songreq_db_pool_connections',
        help: 'Database pool: connections open (total), idle, and queries waiting for one (waiting)',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const { pool } = sources.database();
          this.set({ state: 'total' }, pool.total);
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'waiting' }, pool.waiting);
        },
      });
    },
  };
}

export type AppMetrics = ReturnType<typeof appMetrics>;
