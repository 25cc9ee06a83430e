import { useState } from 'react';
import { TIP_PLATFORM_NAMES } from '#shared/audience-constants.ts';
import { messages } from '#shared/messages.ts';
import type { RequestTip } from '#shared/schemas/request.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { requestsApi } from './requests-api.ts';
import { tipLabel } from './request-views.ts';
import './request-voters.css';

/**
 * The tips sent after a request, as what they are: a card tip is money Stripe has ("tipped $5
 * by card"); an app tip is the phone's word ("says they tipped $5 by Venmo") until the musician
 * taps Received, after which the money counts (the
 * "biggest tip" order, analytics). The updated request arrives live.
 */
export function RequestTips({ tips = [] }: { tips?: readonly RequestTip[] | undefined }) {
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (tips.length === 0) return null;

  async function markReceived(tip: RequestTip) {
    setBusy(tip.id);
    setError(null);
    try {
      await requestsApi.markTipReceived(tip.id);
      setMarked((ids) => new Set([...ids, tip.id]));
    } catch (failure) {
      setError(errorMessage(failure, messages.tipReceivedFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="request-tips">
      {tips.map((tip) => {
        const amount = tipLabel(tip.amount) ?? '$0';
        // Paid by card (Stripe): money that arrived, nothing to mark.
        if (tip.platform === 'card') {
          return (
            <li key={tip.id} className="request-tip-card">
              {tip.tipper_name} tipped {amount} by card
            </li>
          );
        }
        const app = TIP_PLATFORM_NAMES[tip.platform];
        const received = tip.received || marked.has(tip.id);
        return (
          <li key={tip.id}>
            {received ? (
              <span>
                {tip.tipper_name} tipped {amount} by {app} <span className="muted">· received</span>
              </span>
            ) : (
              <>
                <span>
                  {tip.tipper_name} says they tipped {amount} by {app}
                </span>{' '}
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={busy === tip.id}
                  aria-label={`Received ${amount} by ${app} from ${tip.tipper_name}`}
                  onClick={() => void markReceived(tip)}
                >
                  Received
                </button>
              </>
            )}
          </li>
        );
      })}
      {error && (
        <li role="alert" className="request-tips-error">
          {error}
        </li>
      )}
    </ul>
  );
}
