import { useNow } from '#client/lib/use-now.ts';
import { useAudienceStore } from './audience-store.ts';
import { currentLocale, useAudienceTranslation } from './i18n/audience-i18n.ts';
import { requestWindowNotice, type Translate } from './request-window-notice.ts';

/**
 * "Requests close in 12 minutes" / "Requests open at 9:00 PM", recounted every 15 s. `inNotice`:
 * a line of the requests-off notice (before the doors, one notice says both), which is the
 * live region itself.
 */
export function RequestWindowNotice({ inNotice = false }: { inNotice?: boolean }) {
  const musician = useAudienceStore((s) => s.musician);
  const { t } = useAudienceTranslation();
  const now = useNow(15_000);
  if (!musician) return null;
  const text = requestWindowNotice(musician, now, t as unknown as Translate, currentLocale());
  if (!text) return null;
  return (
    <p
      className={inNotice ? 'request-window-line' : 'request-window-notice'}
      role={inNotice ? undefined : 'status'}
      data-testid="request-window-notice"
    >
      {text}
    </p>
  );
}
