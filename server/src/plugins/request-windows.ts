import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Runs the request window scheduler (features/request-window/request-window-scheduler.ts) while the app is up:
 * started once the app is ready, so a restart announces what passed while it was down.
 */
export const requestWindowsPlugin = fp(
  async (app: FastifyInstance) => {
    const scheduler = app.services.requestWindows;
    app.addHook('onReady', async () => {
      await scheduler.start();
    });
    app.addHook('onClose', async () => {
      await scheduler.stop();
    });
  },
  { name: 'request-windows', dependencies: ['services'] },
);
