import { useBusy } from '#client/lib/use-busy.ts';
import { plural } from '#shared/fill-message.ts';
import { useCallback, useId } from 'react';
import { useToast } from '#client/lib/use-toast.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { usePlaylistActions } from './playlist-actions.ts';
import { selectActivePlaylist, selectPlaylists, usePlaylistsStore } from './playlists-store.ts';
import { usePlaylistsLoader } from './use-playlists-loader.ts';

const ALL_SONGS = '';
const MESSAGE_MS = 5000;

interface ActivePlaylistSelectProps {
  musicianId: string;
}

/** Which playlist the audience page shows: one of the musician's, or All Songs (none active). */
export function ActivePlaylistSelect({ musicianId }: ActivePlaylistSelectProps) {
  const id = useId();
  const playlists = usePlaylistsStore(selectPlaylists);
  const active = usePlaylistsStore(selectActivePlaylist);
  const status = usePlaylistsStore((s) => s.status);
  const { toast, show } = useToast(MESSAGE_MS);
  const { busy, run } = useBusy();
  const onError = useCallback((text: string) => show(text, 'error'), [show]);
  usePlaylistsLoader(musicianId, onError);
  const actions = usePlaylistActions(show);

  async function choose(value: string) {
    await run(() => actions.activate(value === ALL_SONGS ? null : value));
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Active Playlist</h3>
      <p className="muted">The songs your audience page shows.</p>
      <div className="field">
        <label htmlFor={id}>Audience sees</label>
        <select
          id={id}
          value={active?.id ?? ALL_SONGS}
          disabled={busy || status !== 'ready'}
          onChange={(event) => void choose(event.target.value)}
        >
          <option value={ALL_SONGS}>All Songs</option>
          {playlists.map((playlist) => (
            <option key={playlist.id} value={playlist.id}>
              {playlist.name} ({plural(playlist.song_count, 'song', 'songs')}
              {playlist.is_public ? '' : ', private'})
            </option>
          ))}
        </select>
      </div>
      <StatusMessage tone={toast?.tone ?? 'success'}>{toast?.text ?? null}</StatusMessage>
    </section>
  );
}
