import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// The audience page's own entry (audience.html, served for /musician/:slug): React DOM, the global
// styles and the page, nothing else. No router, no session, no musician socket: a phone on venue
// wifi downloads only what this page shows.
import './app/styles/base.css';
import './app/styles/components.css';
import { AudiencePage } from './features/audience/AudiencePage.tsx';
import { recapFromPath } from './features/audience/audience-location.ts';
import { useAudienceStore } from './features/audience/audience-store.ts';
import { makeInstallable, onFirstControl } from './lib/service-worker.ts';

makeInstallable('audience');
// The first visit's reads went past the worker: read them again through it, for offline.
onFirstControl(() => void useAudienceStore.getState().refresh());

// A show's setlist (/musician/{slug}/shows/{id}) is its own small chunk: the song page never
// downloads it.
const ShowRecapPage = lazy(() =>
  import('./features/audience/ShowRecapPage.tsx').then((module) => ({
    default: module.ShowRecapPage,
  })),
);
const recap = recapFromPath();

const root = document.getElementById('root');
if (!root) throw new Error('audience.html has no #root element');

createRoot(root).render(
  <StrictMode>
    {recap ? (
      <Suspense fallback={null}>
        <ShowRecapPage slug={recap.slug} showId={recap.showId} />
      </Suspense>
    ) : (
      <AudiencePage />
    )}
  </StrictMode>,
);
