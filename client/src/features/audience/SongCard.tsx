import { memo } from 'react';
import type { PublicSong } from '#shared/schemas/song.ts';
import { currentLocale, useAudienceTranslation } from './i18n/audience-i18n.ts';
import { songCardState } from './song-state.ts';

interface SongCardProps {
  song: PublicSong;
  /** Its place in the whole list: only a window of it is in the page. */
  position: number;
  total: number;
  showYear: boolean;
  showNotes: boolean;
  onRequest: ((song: PublicSong) => void) | null;
}

/**
 * Title, artist, genres, moods, year, decade, notes and the Request Song button: or, under the
 * musician's no-repeats rule, "Coming up" or "Played at 9:40 PM" in its place. The musician's
 * words are never translated, nor by the browser's translator (translate="no").
 */
export const SongCard = memo(function SongCard({
  song,
  position,
  total,
  showYear,
  showNotes,
  onRequest,
}: SongCardProps) {
  const tags = [...song.genres, ...song.moods];
  const when = [showYear ? song.year : null, song.decade].filter((part) => part !== null);
  const titleId = `song-${song.id}`;
  const { t } = useAudienceTranslation();
  const state = songCardState(song, currentLocale());

  return (
    <div role="listitem" aria-posinset={position} aria-setsize={total} className="song-card">
      <div className="song-text" translate="no">
        <span className="song-title" id={titleId}>
          {song.title}
        </span>
        <span className="song-artist">{song.artist}</span>
        {tags.length > 0 && (
          <span className="song-tags">
            {tags.map((tag, i) => (
              <span key={`${i}-${tag}`} className="tag">
                {tag}
              </span>
            ))}
          </span>
        )}
        {when.length > 0 && <span className="song-meta">{when.join(' · ')}</span>}
        {showNotes && song.notes && <span className="song-notes">{song.notes}</span>}
      </div>
      {state.kind === 'coming_up' && <span className="song-state">{t('comingUp')}</span>}
      {state.kind === 'played' && (
        <span className="song-state">{t('playedAt', { time: state.time })}</span>
      )}
      {onRequest && state.kind === 'request' && (
        <button
          type="button"
          className="button button-primary song-request"
          aria-describedby={titleId}
          onClick={() => onRequest(song)}
        >
          {t('requestSong')}
        </button>
      )}
    </div>
  );
});
