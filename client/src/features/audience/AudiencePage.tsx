import { useEffect, useState } from 'react';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { AudienceMain } from './AudienceMain.tsx';
import { audienceOutbox } from './audience-outbox.ts';
import { slugFromPath } from './audience-location.ts';
import { useAudience } from './audience-store.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { MusicianNotFound } from './MusicianNotFound.tsx';
import { useMyRequests } from './my-requests-store.ts';
import { PausedPage } from './PausedPage.tsx';
import './audience.css';

/**
 * The public page the audience opens from the musician's link, /musician/{slug}. It needs no
 * router: it reads its slug from the address, so it also runs as its own small bundle.
 */
export function AudiencePage() {
  const [slug] = useState(() => slugFromPath());
  const view = useAudience((s) => s.view);
  const load = useAudience((s) => s.load);

  useEffect(() => {
    useMyRequests.getState().open(slug);
    // Sends what a previous visit could not (the phone slept, the page was closed).
    audienceOutbox();
    void load(slug);
  }, [slug, load]);

  switch (view) {
    case 'loading':
      return (
        <main className="centered-page">
          <LoadingState label="Loading songs…" />
        </main>
      );
    case 'not-found':
      return <MusicianNotFound />;
    case 'failed':
      return <LoadFailed onRetry={() => void load(slug)} />;
    case 'paused':
      return <PausedPage />;
    case 'ready':
      return <AudienceMain />;
  }
}
