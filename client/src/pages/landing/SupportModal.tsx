import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { siteConfig } from '#client/lib/site-config.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import {
  formatDollars,
  parseSupportAmount,
  SUPPORT_AMOUNTS,
  type SupportChoice,
} from './support-amount.ts';

interface SupportModalProps {
  open: boolean;
  onClose(): void;
}

/** No payment provider is configured, so this says how to help instead of faking a checkout. */
export function SupportModal({ open, onClose }: SupportModalProps) {
  const [choice, setChoice] = useState<SupportChoice>(SUPPORT_AMOUNTS[0]);
  const [custom, setCustom] = useState('');
  const amount = choice === 'custom' ? parseSupportAmount(custom) : choice;
  const customInvalid = choice === 'custom' && custom.trim() !== '' && amount === null;
  const { supportEmail } = siteConfig;

  return (
    <Modal title="Support the project" open={open} onClose={onClose}>
      <p>
        Song Requests is free while we build it. If it helps your shows, a contribution keeps it
        going. When subscriptions start, we plan to credit supporters with twice what they gave.
      </p>
      <fieldset className="amount-picker">
        <legend>Choose an amount</legend>
        {[...SUPPORT_AMOUNTS, 'custom' as const].map((option) => (
          <label key={option} className="amount-option">
            <input
              type="radio"
              name="support-amount"
              checked={choice === option}
              onChange={() => setChoice(option)}
            />
            <span>{option === 'custom' ? 'Custom' : formatDollars(option)}</span>
          </label>
        ))}
      </fieldset>
      {choice === 'custom' && (
        <TextField
          label="Custom amount (USD)"
          type="number"
          inputMode="decimal"
          min="1"
          step="1"
          value={custom}
          error={customInvalid ? messages.supportAmountInvalid : undefined}
          onChange={(e) => setCustom(e.target.value)}
        />
      )}
      <div className="notice-box">
        <p>
          <strong>Online payment is not set up yet</strong>, so nothing is charged on this site.
        </p>
        {supportEmail ? (
          <p>Email us and we will reply with how to send your contribution.</p>
        ) : (
          <p>To contribute, please get in touch with the person who runs this site. Thank you!</p>
        )}
      </div>
      <div className="modal-actions">
        {supportEmail && amount !== null && (
          <a className="button button-primary" href={pledgeMailto(supportEmail, amount)}>
            Email us to give {formatDollars(amount)}
          </a>
        )}
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function pledgeMailto(email: string, amount: number): string {
  const subject = encodeURIComponent(`Supporting Song Requests (${formatDollars(amount)})`);
  const body = encodeURIComponent(
    `Hi! I would like to support Song Requests with ${formatDollars(amount)}.`,
  );
  return `mailto:${email}?subject=${subject}&body=${body}`;
}
