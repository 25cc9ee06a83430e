import { useEffect, useState } from 'react';
import { copyText } from '#client/lib/copy-text.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { SheetDoneButton } from './SheetButtons.tsx';
import { useAudienceStore } from './audience-store.ts';
import { formatMoney } from './i18n/locale-format.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/** Where the amount goes in the sentence: it is set in bold there. */
const AMOUNT_SLOT = '{amount}';

/** The copy confirmation shows for 2 s (spec section 9). */
const COPIED_MS = 2000;

function ZelleInstructions() {
  const musician = useAudienceStore((s) => s.musician);
  const amount = useAudienceFlowStore((s) => s.zelleAmount);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const { t } = useAudienceTranslation();
  const locale = useLocaleStore((s) => s.locale);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!musician) return null;
  const recipients = [
    { key: 'email', label: t('email'), copyLabel: t('copyEmail'), value: musician.zelle_email },
    { key: 'phone', label: t('phone'), copyLabel: t('copyPhone'), value: musician.zelle_phone },
  ]
    .map((recipient) => ({ ...recipient, value: recipient.value.trim() }))
    .filter((recipient) => recipient.value);
  const [instructionsBefore, instructionsAfter] = t('messages:zelleInstructions', {
    amount: AMOUNT_SLOT,
  }).split(AMOUNT_SLOT);

  const copy = async (value: string) => {
    const ok = await copyText(value);
    setNotice({ text: ok ? t('messages:copiedToClipboard') : t('messages:copyFailed'), ok });
  };

  return (
    <div className="form-stack">
      <p>
        {instructionsBefore}
        <strong>{formatMoney(amount, locale)}</strong>
        {instructionsAfter}
      </p>
      <dl className="zelle-recipients">
        {recipients.map((recipient) => (
          <div key={recipient.key} className="zelle-recipient">
            <dt>{recipient.label}</dt>
            <dd>
              <span className="zelle-value" translate="no">
                {recipient.value}
              </span>
              <button
                type="button"
                className="button button-secondary"
                aria-label={recipient.copyLabel}
                onClick={() => void copy(recipient.value)}
              >
                {t('copy')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <StatusMessage tone={notice?.ok === false ? 'error' : 'success'}>
        {notice?.text ?? ''}
      </StatusMessage>
      <SheetDoneButton sheet="zelle" />
    </div>
  );
}

/** Zelle has no payment link: who to pay and how much, each with a Copy button. */
export function ZelleModal() {
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="zelle" title={t('payWithZelle')}>
      <ZelleInstructions />
    </AudienceModal>
  );
}
