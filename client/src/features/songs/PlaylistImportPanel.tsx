import { useId, useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { PLAYLIST_URL_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { PlaylistImportResponse, PlaylistPlatform } from '#shared/schemas/song-import.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { RowErrors } from './ImportPreview.tsx';
import { songsApi } from './songs-api.ts';
import { reloadSongs } from './use-songs-loader.ts';

const PLATFORMS: { id: PlaylistPlatform; label: string }[] = [
  { id: 'spotify', label: 'Spotify' },
  { id: 'apple_music', label: 'Apple Music' },
];

/** Imports a public Spotify or Apple Music playlist into the song list. */
export function PlaylistImportPanel({ onClose }: { onClose(): void }) {
  const [url, setUrl] = useState('');
  const [platform, setPlatform] = useState<PlaylistPlatform>('spotify');
  const [urlError, setUrlError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PlaylistImportResponse | null>(null);
  const { busy, run } = useBusy();
  const platformId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!url.trim()) return setUrlError(messages.playlistUrlRequired);
    setResult(null);
    await run(async () => {
      try {
        setResult(await songsApi.importPlaylist({ playlist_url: url.trim(), platform }));
        await reloadSongs().catch(() => {});
      } catch (failure) {
        const needsLogin = failure instanceof ApiError && failure.status === 401;
        setError(
          needsLogin
            ? messages.playlistImportNeedsLogin
            : errorMessage(failure, messages.playlistImportFailed),
        );
      }
    });
  }

  return (
    <section className="card import-panel" aria-labelledby="playlist-import-title">
      <div className="panel-header">
        <h3 id="playlist-import-title">Import Playlist</h3>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={platformId}>Platform</label>
          <select
            id={platformId}
            value={platform}
            onChange={(event) => setPlatform(event.target.value as PlaylistPlatform)}
          >
            {PLATFORMS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Playlist URL"
          type="url"
          maxLength={PLAYLIST_URL_MAX_LENGTH}
          value={url}
          error={urlError}
          placeholder="https://open.spotify.com/playlist/…"
          onChange={(event) => {
            setUrl(event.target.value);
            setUrlError(undefined);
          }}
        />
        <StatusMessage tone="error">{error}</StatusMessage>
        {busy && (
          <div className="import-progress" role="status">
            <progress aria-label="Import progress" />
            <span>Importing…</span>
          </div>
        )}
        <div className="modal-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Import Playlist
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {result && (
          <div className="import-summary">
            <p>{result.message}</p>
            <ul className="import-counts">
              <li>Tracks in the playlist: {result.total_tracks}</li>
              <li>Added: {result.songs_added}</li>
              <li>Skipped (already in your list): {result.skipped}</li>
            </ul>
            <RowErrors errors={result.errors} />
          </div>
        )}
      </div>
    </section>
  );
}
