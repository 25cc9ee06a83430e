import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/api-client.ts';
import { useAsync } from '../../app/use-async.ts';
import { LoadingState } from '../../ui/LoadingState.tsx';
import { audienceApi } from '../audience/audience-api.ts';
import { LoadFailed } from '../audience/LoadFailed.tsx';
import { MusicianNotFound } from '../audience/MusicianNotFound.tsx';

/** Placeholder until the live request screen is built: it says so plainly. */
export function OnStagePage() {
  const { slug = '' } = useParams();
  const { state, retry } = useAsync(slug, audienceApi.musician);

  if (state.status === 'loading') {
    return (
      <main className="centered-page">
        <LoadingState label="Loading…" />
      </main>
    );
  }
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) return <MusicianNotFound />;
    return <LoadFailed onRetry={retry} />;
  }

  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>{state.data.name}: On Stage</h1>
        <p>The live request screen is coming soon. Requests will appear here as they arrive.</p>
        <Link className="button button-primary" to="/dashboard">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
