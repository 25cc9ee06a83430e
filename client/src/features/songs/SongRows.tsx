import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { Song } from '#shared/schemas/song.ts';
import { selectSelected, useSongsStore } from './songs-store.ts';
import { SongRow, type SongRowHandlers } from './SongRow.tsx';

/** Estimated height of a row; rows are measured once they render. */
const ROW_HEIGHT = 76;

interface SongRowsProps {
  songs: readonly Song[];
  handlers: SongRowHandlers;
}

/** Only the rows in (and just around) the scroll box are in the page, however long the list. */
export function SongRows({ songs, handlers }: SongRowsProps) {
  const selected = useSongsStore(selectSelected);
  const scroller = useRef<HTMLDivElement>(null);
  // No React Compiler here: the rows are memoised by hand (SongRow is memo).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: songs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => songs[index]!.id,
    overscan: 6,
  });

  return (
    <div ref={scroller} className="song-scroller" tabIndex={-1}>
      <div className="song-rows" role="list" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const song = songs[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="song-rows-item"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <SongRow song={song} selected={selected.has(song.id)} handlers={handlers} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
