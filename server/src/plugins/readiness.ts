import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The longest a close waits for requests in flight before it closes Socket.IO anyway. */
const IN_FLIGHT_WAIT_MS = 10_000;

/**
 * starting: the database is open but the process is not yet warmed up and listening (main.ts);
 * ready: it takes traffic; draining: it stops (SIGTERM, or the app closing) and must get no
 * new connections. GET /api/ready answers 200 only when ready.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  /** Warmed up and listening: the balancer may send traffic. */
  ready(): void;
  /** Stopping: the balancer should take the process out; it still serves what reaches it. */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

function readiness(): Readiness {
  let state: ReadinessState = 'starting';
  return {
    get state() {
      return state;
    },
    ready: () => {
      if (state === 'starting') state = 'ready';
    },
    drain: () => {
      state = 'draining';
    },
  };
}

/** Resolves once `requests` is empty, or after `ms` at most. */
async function settled(requests: Set<FastifyRequest>, ms: number): Promise<void> {
  for (const until = Date.now() + ms; requests.size > 0 && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The process's readiness, read by GET /api/ready (features/health); main.ts moves it on.
 *
 * Registered before the realtime plugins, its preClose hook runs before theirs: once the close
 * has begun, Fastify answers new requests 503 (return503OnClosing), and this waits for the ones
 * already in flight to be answered before Socket.IO and the feeds are closed, so a device
 * sees every answer given before its connection ends.
 */
export const readinessPlugin = fp(
  async (app: FastifyInstance) => {
    const state = readiness();
    app.decorate('readiness', state);

    // HTTP requests being answered; the feed's WebSocket upgrades stay open for hours: not those.
    const inFlight = new Set<FastifyRequest>();
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers.upgrade === undefined) inFlight.add(request);
      done();
    });
    const finished = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      inFlight.delete(request);
      done();
    };
    app.addHook('onResponse', finished);
    app.addHook('onRequestAbort', (request, done) => finished(request, undefined, done));

    // However the app is closed, it is not ready any more from the first step of the close.
    app.addHook('preClose', async () => {
      state.drain();
      await settled(inFlight, IN_FLIGHT_WAIT_MS);
    });
  },
  { name: 'readiness' },
);
