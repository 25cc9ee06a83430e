import { useCallback } from 'react';
import type { LayoutMode } from '#shared/audience-constants.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import { SongCard } from './SongCard.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { useWindowRows } from './use-window-rows.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

interface SongListViewProps {
  songs: readonly PublicSong[];
  layout: LayoutMode;
  wide: boolean;
  showYear: boolean;
  showNotes: boolean;
  /** null while requests are off: the cards have no Request Song button. */
  onRequest: ((song: PublicSong) => void) | null;
}

/** A row's height before it is measured: a list row, or a line of grid cards with its gap. */
const ROW_ESTIMATE = { list: 75, grid: 154 } as const;

/**
 * Only the rows near the screen are in the page, so 2,000 songs scroll like 20; each row holds
 * one card per column. A phone always shows the list: compact rows, one per song.
 */
export function SongListView({ songs, layout, wide, ...card }: SongListViewProps) {
  const { t } = useAudienceTranslation();
  const threeColumns = useMediaQuery('(min-width: 1100px)');
  const look = wide ? layout : 'list';
  const columns = look === 'list' ? 1 : threeColumns ? 3 : 2;
  const keyOf = useCallback(
    (index: number) => `${columns}:${songs[index * columns]?.id ?? index}`,
    [songs, columns],
  );
  const { listRef, rows, totalHeight, measure } = useWindowRows({
    count: Math.ceil(songs.length / columns),
    estimate: ROW_ESTIMATE[look],
    keyOf,
  });

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={t('songsHeading')}
      className={`song-list song-list-${look}`}
      style={{ height: totalHeight }}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          ref={measure}
          data-row-key={row.key}
          role="none"
          className="song-grid-row"
          style={{
            transform: `translateY(${row.offset}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {songs.slice(row.index * columns, (row.index + 1) * columns).map((song, i) => (
            <SongCard
              key={song.id}
              song={song}
              position={row.index * columns + i + 1}
              total={songs.length}
              {...card}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
