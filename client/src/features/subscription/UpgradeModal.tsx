import { useEffect, useState } from 'react';
import {
  PRO_PRICE_ANNUAL_PER_MONTH,
  PRO_PRICE_ANNUAL_PER_YEAR,
  PRO_PRICE_MONTHLY,
  PRO_STARTUP_FEE,
} from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { subscriptionApi } from './subscription-api.ts';
import { subscriptionLabel } from './subscription-labels.ts';
import './subscription.css';

type Billing = 'annual' | 'monthly';

const PLANS: Array<{ id: Billing; name: string; price: string; detail: string }> = [
  {
    id: 'annual',
    name: 'Annual',
    price: `$${PRO_PRICE_ANNUAL_PER_YEAR}/year`,
    detail: `equal to $${PRO_PRICE_ANNUAL_PER_MONTH}/month`,
  },
  {
    id: 'monthly',
    name: 'Monthly',
    price: `$${PRO_PRICE_MONTHLY}/month`,
    detail: 'billed monthly',
  },
];

interface UpgradeModalProps {
  open: boolean;
  onClose(): void;
}

/** Upgrade to Pro, in free mode: the status, the prices (never charged) and a Cancel that says so. */
export function UpgradeModal({ open, onClose }: UpgradeModalProps) {
  return (
    <Modal title="Upgrade to Pro" open={open} onClose={onClose}>
      {/* Mounted only while open, so each opening reloads the status and starts fresh. */}
      <UpgradeContent onClose={onClose} />
    </Modal>
  );
}

function UpgradeContent({ onClose }: { onClose(): void }) {
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [billing, setBilling] = useState<Billing>('annual');
  const [cancelNote, setCancelNote] = useState(false);

  useEffect(() => {
    let current = true;
    subscriptionApi.status().then(
      (loaded) => current && setStatus(loaded),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="stack subscription-view">
      <StatusMessage tone="error">
        {loadFailed ? messages.subscriptionLoadFailed : null}
      </StatusMessage>
      {status && (
        <section className="card subscription-card" aria-label="Your subscription">
          <h3>{subscriptionLabel(status.plan)}</h3>
          <dl className="subscription-facts">
            <dt>Plan</dt>
            <dd>{status.has_pro_access ? 'Pro' : 'Free'}</dd>
            <dt>Audience link</dt>
            <dd>{status.audience_link_active ? 'Active' : 'Paused'}</dd>
            <dt>Requests this month</dt>
            <dd>
              {status.requests_limit === null
                ? `${status.requests_used} (unlimited)`
                : `${status.requests_used} of ${status.requests_limit}`}
            </dd>
          </dl>
        </section>
      )}
      <p className="notice-box">{messages.subscriptionFreeModeNote}</p>
      <p>{messages.subscriptionProBenefits}</p>
      <fieldset className="plan-choice">
        <legend>Billing</legend>
        {PLANS.map((plan) => (
          <label
            key={plan.id}
            className={billing === plan.id ? 'plan-option plan-option-selected' : 'plan-option'}
          >
            <input
              type="radio"
              name="billing"
              value={plan.id}
              checked={billing === plan.id}
              onChange={() => setBilling(plan.id)}
            />
            <span className="plan-name">{plan.name}</span>
            <span className="plan-price">{plan.price}</span>
            <span className="muted">
              {plan.detail}, plus a one-time ${PRO_STARTUP_FEE} startup fee
            </span>
          </label>
        ))}
      </fieldset>
      <p className="plan-not-charged">{messages.subscriptionNotCharged}</p>
      {/* Above the buttons, so it shows where the musician is looking on a small screen. */}
      <StatusMessage tone="info">
        {cancelNote ? messages.subscriptionBillingDisabled : null}
      </StatusMessage>
      <div className="modal-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setCancelNote(true)}
        >
          Cancel Subscription
        </button>
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
