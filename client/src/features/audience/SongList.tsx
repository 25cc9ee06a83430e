import { useId, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import { searchSongs } from './song-search.ts';

interface SongListProps {
  songs: PublicSong[];
}

export function SongList({ songs }: SongListProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = searchSongs(songs, query);

  if (songs.length === 0) return <p className="empty-note">{messages.noSongsYet}</p>;

  return (
    <section aria-labelledby="songs-title">
      <h2 id="songs-title">Songs</h2>
      <div className="field search-field">
        <label htmlFor={searchId}>Search songs</label>
        <input
          id={searchId}
          type="search"
          placeholder="Title, artist or genre"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p className="song-count" role="status">
        {shown.length === songs.length
          ? `${songs.length} ${songs.length === 1 ? 'song' : 'songs'}`
          : `Showing ${shown.length} of ${songs.length} songs`}
      </p>
      {shown.length === 0 ? (
        <div className="empty-note">
          <p>{messages.noSongsMatch}</p>
          <button type="button" className="button button-secondary" onClick={() => setQuery('')}>
            Clear search
          </button>
        </div>
      ) : (
        <ul className="song-list">
          {shown.map((song) => (
            <li key={song.id} className="song-card">
              <span className="song-title">{song.title}</span>
              <span className="song-artist">{song.artist}</span>
              {(song.year !== null || song.genres.length > 0) && (
                <span className="song-meta">
                  {[song.year, ...song.genres].filter((part) => part !== null).join(' · ')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
