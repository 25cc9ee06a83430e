import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Sweeps stale sign-in rows a minute after start and then hourly. Every process may sweep: the
 * deletes are idempotent. The timers never keep the process alive.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance) => {
    const sweep = () => {
      app.services.housekeeping.sweep().then(
        (removed) => app.log.info(removed, 'housekeeping: removed stale sign-in rows'),
        (err: unknown) => app.log.error({ err }, 'housekeeping failed'),
      );
      // Paid requests whose refund failed when it was due (Stripe unreachable a moment).
      app.services.payments
        .refundDue()
        .catch((err: unknown) => app.log.error({ err }, 'refund sweep failed'));
      // Sign-ins abandoned at the identity provider, even when nobody signs in again.
      app.services.oidc
        ?.sweepExpired()
        .catch((err: unknown) => app.log.error({ err }, 'oidc housekeeping failed'));
    };
    let every: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      sweep();
      every = setInterval(sweep, SWEEP_EVERY_MS).unref();
    }, FIRST_SWEEP_MS).unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  },
  { name: 'housekeeping', dependencies: ['services'] },
);
