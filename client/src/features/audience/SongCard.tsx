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
 * One compact row (a card in the grid): the title, the artist, one line of tags (genres, moods,
 * year and decade) cut with an ellipsis, the notes when shown, and a small Request Song pill at
 * its right, whose tap area covers the whole row. Under the musician's no-repeats rule "Coming up"
 * or "Played at 9:40 PM" takes the pill's place. The musician's words are never translated, nor
 * by the browser's translator (translate="no").
 */
export const SongCard = memo(function SongCard({
  song,
  position,
  total,
  showYear,
  showNotes,
  onRequest,
}: SongCardProps) {
  const when = [showYear ? song.year : null, song.decade].filter((part) => part !== null);
  const tags = [...song.genres, ...song.moods, ...(when.length > 0 ? [when.join(' · ')] : [])];
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
        {tags.length > 0 && <span className="song-tags">{tags.join(' · ')}</span>}
        {showNotes && song.notes && <span className="song-notes">{song.notes}</span>}
      </div>
      {state.kind === 'coming_up' && <span className="song-state">{t('comingUp')}</span>}
      {state.kind === 'played' && (
        <span className="song-state">{t('playedAt', { time: state.time })}</span>
      )}
      {onRequest && state.kind === 'request' && (
        <button
          type="button"
          className="button song-request"
          aria-describedby={titleId}
          onClick={() => onRequest(song)}
        >
          {t('requestSong')}
        </button>
      )}
    </div>
  );
});
