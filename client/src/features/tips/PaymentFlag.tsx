import type { SongRequest } from '#shared/schemas/request.ts';
import './payment-flag.css';

/**
 * A paid request's money at a glance, before its title: "Paid" (Stripe has it: this request
 * goes first), or "Refunded" (rejected, or the show ended without it: the money went back).
 */
export function PaymentFlag({ payment }: { payment: SongRequest['payment'] }) {
  if (!payment) return null;
  return payment === 'paid' ? (
    <span className="payment-flag payment-flag-paid">
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M3.5 8.5l3 3 6-7" />
      </svg>
      Paid
    </span>
  ) : (
    <span className="payment-flag payment-flag-refunded">Refunded</span>
  );
}
