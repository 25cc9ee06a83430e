import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const app = await buildApp(config);

// Finish in-flight requests, then close the database; a second signal forces the exit.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.database.kind, publicUrl: config.publicUrl },
    `Song Requests is ready at http://localhost:${config.port}`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
