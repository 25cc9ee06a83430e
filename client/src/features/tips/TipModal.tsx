import { useId, useState, type FormEvent } from 'react';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import {
  TIP_PLATFORM_NAMES,
  TIP_QUICK_AMOUNTS,
  type TipPlatform,
} from '#shared/audience-constants.ts';
import { SHORT_TEXT_MAX_LENGTH, TIP_MAX_AMOUNT } from '#shared/limits.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import { useAudienceFlowStore } from '../audience/audience-flow-store.ts';
import { AudienceModal } from '../audience/AudienceModal.tsx';
import { useAudienceStore } from '../audience/audience-store.ts';
import { formatMoney } from '../audience/i18n/locale-format.ts';
import { useLocaleStore } from '../audience/i18n/locale-store.ts';
import { payTip, tipMessage } from './tip-payment.ts';
import { availablePlatforms, checkTipAmount } from './tip-rules.ts';
import { useAudienceTranslation } from '../audience/i18n/audience-i18n.ts';

function TipForm({ musician }: { musician: PublicMusician }) {
  const slug = useAudienceStore((s) => s.slug);
  const filed = useAudienceFlowStore((s) => s.filed);
  const platforms = availablePlatforms(musician);
  const id = useId();
  const { t } = useAudienceTranslation();
  const locale = useLocaleStore((s) => s.locale);
  // Cleared each time the modal opens (the form mounts with it).
  const [amount, setAmount] = useState('');
  const [platform, setPlatform] = useState<TipPlatform | undefined>(platforms[0]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [paying, setPaying] = useState(false);

  const check = checkTipAmount(amount);
  const typedError = amount.trim() !== '' && !check.ok ? t(`messages:${check.error}`) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (paying || !platform) return;
    if (!check.ok) return setError(t(`messages:${check.error}`));
    setError('');
    setPaying(true);
    // Synchronously from the click: payTip opens the provider's tab before any wait.
    void payTip({ slug, platform, amount: check.amount, message, filed }).then((failure) => {
      setPaying(false);
      if (failure) setError(failure);
      else useAudienceFlowStore.getState().tipSent(platform, check.amount);
    });
  }

  return (
    <form className="form-stack" noValidate onSubmit={submit}>
      <div className="quick-amounts" role="group" aria-label={t('quickAmounts')}>
        {TIP_QUICK_AMOUNTS.map((quick) => (
          <button
            key={quick}
            type="button"
            className="button button-ghost"
            aria-pressed={check.ok && check.amount === quick}
            onClick={() => setAmount(String(quick))}
          >
            {formatMoney(quick, locale)}
          </button>
        ))}
      </div>
      <TextField
        label={t('tipAmount')}
        type="number"
        inputMode="decimal"
        min={0.01}
        max={TIP_MAX_AMOUNT}
        step={0.01}
        value={amount}
        error={typedError || undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      <fieldset className="platforms">
        <legend>{t('payWith')}</legend>
        {platforms.map((option) => (
          <label key={option} className="platform-option">
            <input
              type="radio"
              name={`${id}-platform`}
              value={option}
              checked={platform === option}
              onChange={() => setPlatform(option)}
            />
            <span>{TIP_PLATFORM_NAMES[option]}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('messageOptional')}
        placeholder={tipMessage('', filed !== null)}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <StatusMessage tone="error">{error}</StatusMessage>
      <div className="sheet-actions button-row">
        {filed && (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => useAudienceFlowStore.getState().noTip()}
          >
            {t('noTip')}
          </button>
        )}
        <button
          type="submit"
          className="button button-primary grow"
          disabled={!check.ok || paying || !platform}
        >
          {paying ? t('sending') : t('sendTip')}
        </button>
      </div>
    </form>
  );
}

/** After a request (tips on), or from a Tip button: amount, app, message, Send Tip / No Tip. */
export function TipModal() {
  const musician = useAudienceStore((s) => s.musician);
  const { t } = useAudienceTranslation();
  return (
    <AudienceModal name="tip" title={t('sendATip')}>
      {musician && <TipForm musician={musician} />}
    </AudienceModal>
  );
}
