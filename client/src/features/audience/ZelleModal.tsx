import { useEffect, useState } from 'react';
import { copyText } from '#client/lib/copy-text.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { messages } from '#shared/messages.ts';
import { useAudienceFlow } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { useAudience } from './audience-store.ts';
import { formatAmount } from './tip-rules.ts';

// The amount is set in bold inside the shared sentence.
const [instructionsBefore, instructionsAfter] = messages.zelleInstructions.split('{amount}');

/** The copy confirmation shows for 2 s (spec section 9). */
const COPIED_MS = 2000;

function ZelleInstructions() {
  const musician = useAudience((s) => s.musician);
  const amount = useAudienceFlow((s) => s.zelleAmount);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!musician) return null;
  const recipients = [
    { label: 'Email', value: musician.zelle_email.trim() },
    { label: 'Phone', value: musician.zelle_phone.trim() },
  ].filter((recipient) => recipient.value);

  const copy = async (value: string) => {
    const ok = await copyText(value);
    setNotice({ text: ok ? messages.copiedToClipboard : messages.copyFailed, ok });
  };

  return (
    <div className="form-stack">
      <p>
        {instructionsBefore}
        <strong>{formatAmount(amount)}</strong>
        {instructionsAfter}
      </p>
      <dl className="zelle-recipients">
        {recipients.map((recipient) => (
          <div key={recipient.label} className="zelle-recipient">
            <dt>{recipient.label}</dt>
            <dd>
              <span className="zelle-value">{recipient.value}</span>
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Copy ${recipient.label.toLowerCase()}`}
                onClick={() => void copy(recipient.value)}
              >
                Copy
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <StatusMessage tone={notice?.ok === false ? 'error' : 'success'}>
        {notice?.text ?? ''}
      </StatusMessage>
      <div className="sheet-actions">
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => useAudienceFlow.getState().dismiss('zelle')}
        >
          Done
        </button>
      </div>
    </div>
  );
}

/** Zelle has no payment link: who to pay and how much, each with a Copy button. */
export function ZelleModal() {
  return (
    <AudienceModal name="zelle" title="Pay with Zelle">
      <ZelleInstructions />
    </AudienceModal>
  );
}
