import { useParams } from 'react-router';
import { ApiError } from '../../app/api-client.ts';
import { useAsync } from '../../app/use-async.ts';
import { LoadingState } from '../../ui/LoadingState.tsx';
import { audienceApi } from './audience-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { MusicianNotFound } from './MusicianNotFound.tsx';
import { SongList } from './SongList.tsx';
import './audience.css';

async function loadAudiencePage(slug: string) {
  const [musician, songs] = await Promise.all([
    audienceApi.musician(slug),
    audienceApi.songs(slug),
  ]);
  return { musician, songs };
}

/** The public page the audience opens from the musician's link. */
export function AudiencePage() {
  const { slug = '' } = useParams();
  const { state, retry } = useAsync(slug, loadAudiencePage);

  if (state.status === 'loading') {
    return (
      <main className="centered-page">
        <LoadingState label="Loading songs…" />
      </main>
    );
  }
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) return <MusicianNotFound />;
    return <LoadFailed onRetry={retry} />;
  }

  const { musician, songs } = state.data;
  return (
    <div className="audience">
      <title>{`${musician.name} | Song Requests`}</title>
      <header className="audience-header">
        <h1>{musician.name}</h1>
        {musician.bio && <p className="audience-bio">{musician.bio}</p>}
      </header>
      <main className="audience-main">
        <SongList songs={songs} />
      </main>
    </div>
  );
}
