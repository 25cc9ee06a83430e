import { checkoutService } from './checkout-service.ts';
import { onboardingService } from './onboarding-service.ts';
import { paymentsContext, type PaymentsDeps } from './payments-context.ts';
import { refundsService } from './refunds-service.ts';
import { webhookService } from './webhook-service.ts';

/**
 * Card payments through Stripe (issue 45): Checkout pages for card tips and paid requests
 * (checkout-service.ts), the signed webhook that alone makes a payment count
 * (webhook-service.ts), refunds of paid requests not played (refunds-service.ts), and a
 * musician's Connect onboarding (onboarding-service.ts). Stripe's word moves money; the
 * phone's never does.
 */
export function paymentsService(deps: PaymentsDeps) {
  const ctx = paymentsContext(deps);
  const refunds = refundsService(ctx);
  return {
    mode: ctx.mode,
    ...checkoutService(ctx),
    ...webhookService(ctx, refunds),
    refundDue: refunds.refundDue,
    listen: refunds.listen,
    ...onboardingService(ctx),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
