import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { warmUp } from './warm-up.ts';

/**
 * A start that fails before the logger exists says why in one sentence; the stack follows when
 * the sentence may not be the whole story. Left uncaught, Node would also print the source line
 * of the throw, and in the server bundle that line is hundreds of KB of minified code.
 */
function failStart(err: unknown): never {
  const error = err instanceof Error ? err : new Error(String(err));
  const expected = error instanceof DataDirInUseError || error instanceof ConfigError;
  process.stderr.write(
    `Song Requests could not start: ${error.message}\n${expected ? '' : `${error.stack ?? ''}\n`}`,
  );
  process.exit(1);
}

let config: AppConfig;
let app: FastifyInstance;
try {
  config = loadConfig();
  app = await buildApp(config);
} catch (err) {
  failStart(err);
}

/**
 * SIGTERM (a balancer's or an orchestrator's stop) drains first: GET /api/ready answers 503 so
 * the balancer sends no new connections, and for DRAIN_SECONDS the process still serves what
 * reaches it. Then the close: new requests get 503, those in flight are answered, Socket.IO and
 * the feeds close (devices reconnect, through the balancer, to another process), and the
 * database last. SIGINT (Ctrl-C) closes at once. A second signal forces the exit.
 */
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.readiness.drain();
    const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
    app.log.info({ signal, drainSeconds: drainMs / 1000 }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), drainMs + 15_000);
    forceExit.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
    }, drainMs);
  });
}

await warmUp(app);
app.database.settle();
try {
  await app.listen({ port: config.port, host: config.host });
  // Not if a SIGTERM came while it started: it stays draining.
  app.readiness.ready();
  app.log.info(
    { database: app.database.kind, publicUrl: config.publicUrl },
    `Song Requests is ready at http://localhost:${config.port}`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
