import { useNow } from '#client/lib/use-now.ts';
import { useAudienceStore } from './audience-store.ts';
import { currentLocale, useAudienceTranslation } from './i18n/audience-i18n.ts';
import { requestWindowNotice, type Translate } from './request-window-notice.ts';

/** "Requests close in 12 minutes" / "Requests open at 9:00 PM", recounted every 15 s. */
export function RequestWindowNotice() {
  const musician = useAudienceStore((s) => s.musician);
  const { t } = useAudienceTranslation();
  const now = useNow(15_000);
  if (!musician) return null;
  const text = requestWindowNotice(musician, now, t as unknown as Translate, currentLocale());
  if (!text) return null;
  return (
    <p className="request-window-notice" role="status" data-testid="request-window-notice">
      {text}
    </p>
  );
}
