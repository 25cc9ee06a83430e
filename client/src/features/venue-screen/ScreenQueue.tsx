import { useLayoutEffect, useRef, useState } from 'react';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { VenueScreenEntry, VenueScreenResponse } from '#shared/schemas/public-queue.ts';
import './screen-queue.css';

/**
 * The queue column: Now playing (or, with nothing playing yet, the next request) in the biggest
 * panel, Next, then as many whole rows as the height holds and "+N more". Now takes whatever
 * height the rows leave, so a short queue is a large Now, never an empty band.
 */
export function ScreenQueue({
  screen,
  requestsOpen,
}: {
  screen: VenueScreenResponse;
  requestsOpen: boolean;
}) {
  const { column, list, hiddenRows } = useWholeRows(screen);
  const more = screen.more + hiddenRows;
  const lead = screen.now ?? screen.next;
  const second = screen.now ? screen.next : screen.queue[0];
  const rest = screen.now ? screen.queue : screen.queue.slice(1);
  return (
    <main
      ref={column}
      className="screen-queue"
      aria-label="Song requests"
      data-rows={lead ? rest.length : 0}
    >
      {lead ? (
        <>
          <section className="screen-now" data-testid="screen-now">
            <h2 className="screen-label">
              {screen.now ? messages.screenNowPlaying : messages.screenNextUp}
            </h2>
            <Song entry={lead} />
          </section>
          {second && (
            <section className="screen-next" data-testid="screen-next">
              <h2 className="screen-label">{messages.screenNext}</h2>
              <Song entry={second} />
            </section>
          )}
          {rest.length > 0 && (
            <ol ref={list} className="screen-list" data-testid="screen-list">
              {rest.map((entry) => (
                <li key={entry.id} className="screen-row" data-testid="screen-row">
                  <Song entry={entry} compact />
                </li>
              ))}
            </ol>
          )}
          {more > 0 && (
            <p className="screen-more" data-testid="screen-more">
              {fill(messages.screenMore, { count: more })}
            </p>
          )}
        </>
      ) : (
        <p className="screen-empty">
          {requestsOpen ? messages.screenEmptyQueue : messages.screenEmptyClosed}
        </p>
      )}
    </main>
  );
}

/**
 * Hides what would show only in part (a long queue on a short screen, a tall Now): a TV shows
 * whole rows or none, and Next whole or, with the rows, not at all. All is shown again before
 * each measure, so rows come back when room does (a taller window, the address note hidden).
 * Measured again when the queue, the column's or the list's size, or the count of hidden rows
 * (and with it the "+N more" line) changes.
 */
function useWholeRows(screen: VenueScreenResponse) {
  const column = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [hiddenRows, setHiddenRows] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const next = column.current?.querySelector<HTMLElement>('.screen-next');
      const rows = list.current ? (Array.from(list.current.children) as HTMLElement[]) : [];
      for (const element of [next, ...rows]) if (element) element.hidden = false;
      const room = column.current?.getBoundingClientRect().bottom ?? 0;
      if (next && next.getBoundingClientRect().bottom > room + 1) {
        for (const element of [next, ...rows]) element.hidden = true;
        return setHiddenRows(rows.length + 1);
      }
      // The list gives way (flex-shrink) to Now and Next: its bottom is where the room ends.
      const bottom = list.current?.getBoundingClientRect().bottom ?? 0;
      let hidden = 0;
      for (const row of rows) {
        row.hidden = row.getBoundingClientRect().bottom > bottom + 1;
        if (row.hidden) hidden += 1;
      }
      setHiddenRows(hidden);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const element of [column.current, list.current]) if (element) observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [screen, hiddenRows]);
  return { column, list, hiddenRows };
}

/** One request; `compact` in the list, where the requester is a column of first names. */
function Song({ entry, compact = false }: { entry: VenueScreenEntry; compact?: boolean }) {
  return (
    <div className="screen-song">
      <p className="screen-title">{entry.song_title}</p>
      <p className="screen-meta">
        {entry.song_artist && <span className="screen-artist">{entry.song_artist}</span>}
        {entry.requester_first_name && (
          <span className="screen-requester">
            {compact
              ? entry.requester_first_name
              : fill(messages.screenRequestedBy, { name: entry.requester_first_name })}
          </span>
        )}
        {entry.votes > 1 && (
          <span className="screen-votes">{fill(messages.screenVotes, { count: entry.votes })}</span>
        )}
      </p>
      {entry.dedication && <p className="screen-dedication">{entry.dedication}</p>}
    </div>
  );
}
