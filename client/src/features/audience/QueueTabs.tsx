import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAudienceStore } from './audience-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
// With the tabs, not the lazy view: the tabs show first (a small file, the view's styles too).
import './public-queue.css';

// Loaded when first shown: the page's first visit carries none of the Queue view's code.
const QueueView = lazy(() => import('./QueueView.tsx').then((m) => ({ default: m.QueueView })));

/**
 * Songs | Queue, when the musician shows their queue (public_queue): the song list stays
 * mounted while the queue is shown, so a search or a scroll position survives the switch.
 */
export function QueueTabs({ children }: { children: ReactNode }) {
  const shown = useAudienceStore((s) => s.musician?.public_queue ?? false);
  const [view, setView] = useState<'songs' | 'queue'>('songs');
  const { t } = useAudienceTranslation();
  if (!shown) return children;
  return (
    <>
      <div className="queue-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          className="queue-tab"
          aria-selected={view === 'songs'}
          onClick={() => setView('songs')}
        >
          {t('queueTabSongs')}
        </button>
        <button
          type="button"
          role="tab"
          className="queue-tab"
          aria-selected={view === 'queue'}
          onClick={() => setView('queue')}
        >
          {t('queueTabQueue')}
        </button>
      </div>
      <div hidden={view !== 'songs'}>{children}</div>
      {view === 'queue' && (
        <Suspense fallback={null}>
          <QueueView />
        </Suspense>
      )}
    </>
  );
}
