import { useId, useState, type FormEvent } from 'react';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { TIP_PLATFORM_NAMES, TIP_QUICK_AMOUNTS } from '#shared/audience-constants.ts';
import { SHORT_TEXT_MAX_LENGTH, TIP_MAX_AMOUNT } from '#shared/limits.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { AudienceModal } from './AudienceModal.tsx';
import { useAudienceStore } from './audience-store.ts';
import { formatMoney } from './i18n/locale-format.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { payByCard } from './card-tip.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { pageRestored } from '#client/lib/use-page-restored.ts';
import { payTip, tipMessage } from './tip-payment.ts';
import { checkTipAmount, tipChoices, type TipChoice } from './tip-rules.ts';
import './card-payments.css';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

function TipForm({ musician }: { musician: PublicMusician }) {
  const slug = useAudienceStore((s) => s.slug);
  const filed = useAudienceFlowStore((s) => s.filed);
  const choices = tipChoices(musician);
  const id = useId();
  const { t } = useAudienceTranslation();
  const locale = useLocaleStore((s) => s.locale);
  // Cleared each time the modal opens (the form mounts with it).
  const [amount, setAmount] = useState('');
  const [platform, setPlatform] = useState<TipChoice | undefined>(choices[0]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  // One payment at a time: twenty taps before the re-render make one Checkout session.
  const { busy: paying, run } = useBusy();

  const check = checkTipAmount(amount);
  const typedError = amount.trim() !== '' && !check.ok ? t(`messages:${check.error}`) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!platform) return;
    if (!check.ok) return setError(t(`messages:${check.error}`));
    setError('');
    if (platform === 'card') {
      const payment = { slug, amount: check.amount, message, filed };
      void run(async () => {
        const failure = await payByCard(payment, crypto.randomUUID());
        // On success this tab is on its way to Checkout: the button stays busy until it leaves.
        if (failure) setError(failure);
        else await pageRestored();
      });
      return;
    }
    // run calls its work at once, so payTip still opens the provider's tab from the click itself.
    void run(async () => {
      const failure = await payTip({ slug, platform, amount: check.amount, message, filed });
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
        {choices.map((option) =>
          option === 'card' ? (
            <label key={option} className="platform-option platform-card">
              <input
                type="radio"
                name={`${id}-platform`}
                value={option}
                checked={platform === option}
                aria-describedby={`${id}-card-hint`}
                onChange={() => setPlatform(option)}
              />
              <CardIcon />
              <span className="platform-card-words">
                <span>{t('payByCard')}</span>
                <span className="platform-card-hint" id={`${id}-card-hint`}>
                  {t('payByCardHint')}
                </span>
              </span>
            </label>
          ) : (
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
          ),
        )}
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

function CardIcon() {
  return (
    <svg className="card-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
      <path d="M2.5 9.5h19M6 15h4" />
    </svg>
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
