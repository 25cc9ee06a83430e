import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

interface PaymentOverrides {
  kind?: 'tip' | 'request';
  amount?: number;
  fee?: number | null;
  status?: 'open' | 'paid' | 'refunded' | 'expired';
  requestId?: string | null;
  tipperName?: string;
  message?: string;
  paidAt?: Date | null;
  /** A paid request's held submission (JSON), as the payments feature keeps it. */
  submission?: string | null;
}

/**
 * A card payment row as the payments feature files it once Stripe has spoken (the webhook's
 * path is the payments feature's own test): what analytics and the show report read.
 */
export async function insertPayment(
  app: FastifyInstance,
  musicianId: string,
  overrides: PaymentOverrides = {},
): Promise<string> {
  const id = randomUUID();
  const status = overrides.status ?? 'paid';
  const paidAt = overrides.paidAt === undefined ? new Date() : overrides.paidAt;
  const fee = overrides.fee === undefined ? 0.59 : overrides.fee;
  await app.database.kysely
    .insertInto('payments')
    .values({
      id,
      musicianId,
      kind: overrides.kind ?? 'tip',
      amount: overrides.amount ?? 10,
      currency: 'usd',
      fee: fee === null ? null : fee.toFixed(2),
      status,
      checkoutSessionId: `cs_test_${id}`,
      paymentIntentId: `pi_test_${id}`,
      requestId: overrides.requestId ?? null,
      tipperName: overrides.tipperName ?? 'Cy',
      submission: overrides.submission ?? null,
      message: overrides.message ?? '',
      paidAt: status === 'open' || status === 'expired' ? null : paidAt,
      refundedAt: status === 'refunded' ? new Date() : null,
    })
    .execute();
  return id;
}
