import { Link, useParams } from 'react-router';
import { useAsync } from '../../app/use-async.ts';
import { audienceApi } from '../audience/audience-api.ts';
import { MusicianLoadGate } from '../audience/MusicianLoadGate.tsx';

/** Placeholder until the live request screen is built: it says so plainly. */
export function OnStagePage() {
  const { slug = '' } = useParams();
  const { state, retry } = useAsync(slug, audienceApi.musician);

  return (
    <MusicianLoadGate state={state} retry={retry} loadingLabel="Loading…">
      {(musician) => (
        <main className="centered-page">
          <div className="card empty-card">
            <h1>{musician.name}: On Stage</h1>
            <p>The live request screen is coming soon. Requests will appear here as they arrive.</p>
            <Link className="button button-primary" to="/dashboard">
              Back to the dashboard
            </Link>
          </div>
        </main>
      )}
    </MusicianLoadGate>
  );
}
