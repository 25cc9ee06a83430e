import type { MoneySummary } from '#shared/schemas/analytics.ts';
import { dollars } from './analytics-format.ts';

/**
 * The period's money, each kind apart: what arrived (by card, by payment app), what is only
 * claimed, and refunds and Stripe's fees when there are any. A claim is never added to money.
 */
export function MoneyTotals({ money }: { money: MoneySummary }) {
  const card = money.received_by_card > 0 || money.refunded > 0 || money.fees > 0;
  return (
    <section className="card analytics-money" aria-labelledby="analytics-money-title">
      <h3 id="analytics-money-title">Money</h3>
      <dl className="analytics-money-list">
        <div>
          <dt>Received</dt>
          <dd>{dollars(money.received)}</dd>
          <dd className="muted analytics-money-hint">
            {dollars(money.received_by_card)} by card · {dollars(money.received_by_app)} marked
            received in payment apps
          </dd>
        </div>
        <div>
          <dt>Claimed only</dt>
          <dd>{dollars(money.claimed)}</dd>
          <dd className="muted analytics-money-hint">
            Tips the audience says they sent and you have not marked received
          </dd>
        </div>
        {money.refunded > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>{dollars(money.refunded)}</dd>
          </div>
        )}
        {card && (
          <div>
            <dt>Stripe fees</dt>
            <dd>{dollars(money.fees)}</dd>
            {money.payments_without_fee > 0 && (
              <dd className="muted analytics-money-hint">
                Not yet known for {money.payments_without_fee}{' '}
                {money.payments_without_fee === 1 ? 'payment' : 'payments'}
              </dd>
            )}
          </div>
        )}
        {card && (
          <div>
            <dt>Net</dt>
            <dd>{dollars(money.net)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
