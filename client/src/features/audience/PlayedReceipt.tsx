import { showRecapAddress } from '#shared/app-pages.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import { formatClock } from './i18n/locale-format.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import type { TrackedRequest } from './my-requests.ts';

/**
 * What stays of a played request on the phone (issue 47): "Played at 10:42 PM for Sarah", on the
 * phone's clock like the page's other times, and, once the show has ended and the musician shares
 * its setlist, the link to it.
 */
export function PlayedReceipt({ item, slug }: { item: TrackedRequest; slug: string }) {
  const { t } = useAudienceTranslation();
  const locale = useLocaleStore((s) => s.locale);
  if (item.status !== 'played' || !item.played_at) return null;
  const time = formatClock(new Date(item.played_at), locale);
  return (
    <p className="played-receipt">
      <span>
        {item.played_for
          ? t('receiptPlayedFor', { time, name: item.played_for })
          : t('receiptPlayedAt', { time })}
      </span>
      {item.recap_show_id && (
        <a className="receipt-setlist" href={showRecapAddress(slug, item.recap_show_id)}>
          {t('seeSetlist')}
        </a>
      )}
    </p>
  );
}
