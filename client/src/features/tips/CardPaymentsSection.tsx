import { useCallback, useEffect, type ChangeEvent } from 'react';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { cardPaymentsView, type StripeReturn } from './card-payments-view.ts';
import { usePaymentsAccountStore } from './payments-account-store.ts';
import { usePageRestored } from '#client/lib/use-page-restored.ts';
import './card-payments-settings.css';

interface CardPaymentsSectionProps {
  /** Back from Stripe's onboarding (?stripe=return or refresh): the account is read again. */
  returned: StripeReturn | null;
  /** The paid request price field, a field of the profile form (saved with it). */
  price: {
    value: string;
    error: string | undefined;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
}

/** The button that sends the musician to Stripe's onboarding: to start it, or to finish it. */
function OpenStripeButton({ label }: { label: string }) {
  const busy = usePaymentsAccountStore((s) => s.busy);
  const { connect } = usePaymentsAccountStore.getState();
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={busy}
      onClick={() => void connect()}
    >
      {busy ? 'Opening Stripe…' : label}
    </button>
  );
}

function AccountState({ returned }: { returned: StripeReturn | null }) {
  const account = usePaymentsAccountStore((s) => s.account);
  const busy = usePaymentsAccountStore((s) => s.busy);
  const { setCardPayments } = usePaymentsAccountStore.getState();
  if (!account) return null;

  switch (cardPaymentsView(account, returned)) {
    case 'hidden':
      return null;
    case 'switch':
      return (
        <label className="card-switch">
          <input
            type="checkbox"
            role="switch"
            checked={account.card_payments_enabled}
            disabled={busy}
            onChange={(event) => void setCardPayments(event.target.checked)}
          />
          <span className="card-switch-track" aria-hidden="true" />
          <span className="card-switch-words">
            <span className="card-switch-label">Accept card tips</span>
            <span className="field-hint">
              {account.card_payments_enabled
                ? 'On: your audience can pay by card, Apple Pay or Google Pay.'
                : 'Off: only the payment apps below are offered.'}
            </span>
          </span>
        </label>
      );
    case 'connect':
      return (
        <div className="card-connect">
          <p className="profile-note">
            Stripe pays card tips into your bank account. Setting it up takes a few minutes.
          </p>
          <OpenStripeButton label="Accept card tips" />
        </div>
      );
    case 'incomplete':
      return (
        <div className="card-connect">
          <p className="card-state card-state-pending" role="status">
            Stripe still needs a few details
          </p>
          <OpenStripeButton label="Continue" />
        </div>
      );
    case 'on':
      return (
        <p className="card-state card-state-on" role="status">
          Card payments are on
        </p>
      );
  }
}

/**
 * The Profile tab's Card payments (issue 45): on an install with Stripe keys, the musician
 * turns cards on (their own account: a switch; a hosted service: Stripe's onboarding), and sets
 * a price for paid requests, saved with the rest of the profile.
 */
export function CardPaymentsSection({ returned, price }: CardPaymentsSectionProps) {
  const account = usePaymentsAccountStore((s) => s.account);
  const error = usePaymentsAccountStore((s) => s.error);
  const load = usePaymentsAccountStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load, returned]);
  usePageRestored(
    useCallback(() => {
      usePaymentsAccountStore.setState({ busy: false });
      void load();
    }, [load]),
  );

  if (!account || account.mode === 'off') {
    return error ? <StatusMessage tone="error">{error}</StatusMessage> : null;
  }
  return (
    <fieldset className="profile-section card-payments">
      <legend>Card payments</legend>
      <p className="muted profile-note">
        Cards, Apple Pay and Google Pay through Stripe: the money is checked before it counts.
      </p>
      <AccountState returned={returned} />
      <StatusMessage tone="error">{error}</StatusMessage>
      <TextField
        label="Paid requests: price ($)"
        name="paid_request_price"
        type="number"
        inputMode="decimal"
        min={0.5}
        max={500}
        step={0.01}
        placeholder="Off"
        className="paid-request-price"
        hint="“Skip the line” for this price: paid requests go first, refunded if rejected or not played. Empty: off. $0.50 to $500."
        value={price.value}
        error={price.error}
        onChange={price.onChange}
      />
    </fieldset>
  );
}
