import { useEffect } from 'react';
import { readParam, writeParam } from './audience-location.ts';
import { formatMoney } from './i18n/locale-format.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { useMyRequestsStore } from './my-requests-store.ts';
import { fetchStatuses } from './status-reads.ts';
import { CHECKOUT_PARAM, type CheckoutPhase } from './checkout-return.ts';
import { useCheckoutReturnStore } from './checkout-return-store.ts';
import './card-payments.css';

/** How long "Payment received: your request is in line" stays before "Your requests" alone says it. */
const REQUEST_NOTICE_MS = 12_000;

function Mark({ phase }: { phase: CheckoutPhase }) {
  if (phase === 'confirming') return <span className="checkout-spinner" aria-hidden="true" />;
  const done = phase === 'paid' || phase === 'refunded';
  return (
    <svg className="checkout-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" />
      <path d={done ? 'M7 12.5l3.2 3.2L17 9' : 'M8 12h8'} />
    </svg>
  );
}

/** Once a session settles, the requests this phone follows are asked again (paid, refunded). */
function refreshAwaitingRequests() {
  const tokens = useMyRequestsStore
    .getState()
    .tracked.filter((item) => item.payment === 'awaiting' || item.payment === 'paid')
    .map((item) => item.token);
  if (tokens.length > 0) void fetchStatuses(tokens);
}

/**
 * Back from Stripe Checkout (`?checkout=<session id>`): what the server knows of the payment.
 * "Tip received, thank you" only once the webhook has arrived; the address loses the session
 * id once the outcome is shown, so a reload or a shared link does not say it again.
 */
export function CheckoutReturnNotice() {
  const phase = useCheckoutReturnStore((s) => s.phase);
  const kind = useCheckoutReturnStore((s) => s.kind);
  const amount = useCheckoutReturnStore((s) => s.amount);
  const locale = useLocaleStore((s) => s.locale);
  const { t } = useAudienceTranslation();

  useEffect(() => {
    const sessionId = readParam(CHECKOUT_PARAM);
    if (sessionId) useCheckoutReturnStore.getState().follow(sessionId);
    return () => useCheckoutReturnStore.getState().dismiss();
  }, []);

  const settled = phase !== null && phase !== 'confirming';
  useEffect(() => {
    if (!settled) return;
    writeParam(CHECKOUT_PARAM, null);
    refreshAwaitingRequests();
  }, [settled]);

  // A paid request's notice steps aside after a while: "Your requests" follows it from there
  // (Paid, then Played, or Refunded), where a lasting "in line" would soon be out of date.
  const requestPaid = phase === 'paid' && kind === 'request';
  useEffect(() => {
    if (!requestPaid) return;
    const timer = setTimeout(() => useCheckoutReturnStore.getState().dismiss(), REQUEST_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [requestPaid]);

  if (!phase) return null;
  const headline = {
    confirming: t('checkoutConfirming'),
    paid: kind === 'request' ? t('checkoutRequestPaid') : t('checkoutTipPaid'),
    refunded: t('checkoutRefunded'),
    expired: t('checkoutExpired'),
    unconfirmed: t('checkoutUnconfirmed'),
  }[phase];
  const hint = {
    confirming: null,
    paid: kind === 'request' ? t('checkoutRequestPaidHint') : null,
    refunded: null,
    expired: t('checkoutExpiredHint'),
    unconfirmed: t('checkoutUnconfirmedHint'),
  }[phase];

  return (
    <section className={`checkout-notice card checkout-${phase}`}>
      <Mark phase={phase} />
      <div className="checkout-words">
        <p className="checkout-headline" role="status" data-testid="checkout-status">
          {headline}
        </p>
        {phase === 'paid' && amount !== null && (
          <p className="checkout-amount">{formatMoney(amount, locale)}</p>
        )}
        {hint && <p className="checkout-hint">{hint}</p>}
      </div>
      {settled && (
        <button
          type="button"
          className="button button-ghost button-small checkout-done"
          onClick={() => useCheckoutReturnStore.getState().dismiss()}
        >
          {t('done')}
        </button>
      )}
    </section>
  );
}
