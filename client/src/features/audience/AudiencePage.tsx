import { useParams } from 'react-router';
import { useAsync } from '#client/lib/use-async.ts';
import { audienceApi } from './audience-api.ts';
import { MusicianLoadGate } from './MusicianLoadGate.tsx';
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

  return (
    <MusicianLoadGate state={state} retry={retry} loadingLabel="Loading songs…">
      {({ musician, songs }) => (
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
      )}
    </MusicianLoadGate>
  );
}
