import { formatMoney } from './i18n/locale-format.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import './card-payments.css';

interface SkipTheLineProps {
  price: number;
  checked: boolean;
  onChange(checked: boolean): void;
}

/** The request form's paid choice: "Skip the line for $5", with what it means in one line. */
export function SkipTheLine({ price, checked, onChange }: SkipTheLineProps) {
  const locale = useLocaleStore((s) => s.locale);
  const { t } = useAudienceTranslation();
  return (
    <label className="skip-line">
      <input
        type="checkbox"
        name="paid"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="skip-line-words">
        <span className="skip-line-title">
          {t('skipTheLine', { price: formatMoney(price, locale) })}
        </span>
        <span className="skip-line-hint">{t('skipTheLineHint')}</span>
      </span>
    </label>
  );
}
