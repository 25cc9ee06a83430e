import type { ButtonHTMLAttributes } from 'react';
import { useAudienceFlowStore, type AudienceModal } from './audience-flow-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/** The sheet's main button, across its bottom, for the thumb. */
function SheetButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <div className="sheet-actions">
      <button className="button button-primary button-block" {...props} />
    </div>
  );
}

interface SheetSubmitButtonProps {
  /** The submission is out: the button waits (busy) and says so. */
  sending: boolean;
  label: string;
}

/** A sheet form's one submit button (Send Request, Suggest Song). */
export function SheetSubmitButton({ sending, label }: SheetSubmitButtonProps) {
  const { t } = useAudienceTranslation();
  return (
    <SheetButton type="submit" disabled={sending} aria-busy={sending}>
      {sending ? t('sending') : label}
    </SheetButton>
  );
}

/** Done, at the bottom of a sheet that has said its last word: closes the sheet. */
export function SheetDoneButton({ sheet }: { sheet: AudienceModal }) {
  const { t } = useAudienceTranslation();
  return (
    <SheetButton type="button" onClick={() => useAudienceFlowStore.getState().dismiss(sheet)}>
      {t('done')}
    </SheetButton>
  );
}
