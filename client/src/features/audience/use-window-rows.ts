import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rowOffsets, visibleRange } from './window-rows.ts';

/** Rows rendered beyond each edge of the screen, so a flick never shows a gap. */
const OVERSCAN_PX = 900;
/**
 * Before the first scroll, a little below the screen only: the first paint of a phone renders
 * about a screen of rows, not three (the main thread is busiest then); the first scroll widens it.
 */
const FIRST_OVERSCAN_PX = 200;
/** The scroll position is read in steps this tall (less than the overscan). */
const STEP_PX = 150;

interface WindowRowsOptions {
  count: number;
  /** A row's height until it has been measured. */
  estimate: number;
  /** A stable key per row: measured heights follow the row, not its index. */
  keyOf(index: number): string;
}

/**
 * A list the page itself scrolls (one thumb, no nested scroll area) that keeps only the rows
 * near the screen in the page. Rows are measured as they render (notes and long titles make
 * them differ); a row above the screen that grows moves the page by as much, so what the person
 * is looking at stays put.
 */
export function useWindowRows({ count, estimate, keyOf }: WindowRowsOptions) {
  const listRef = useRef<HTMLDivElement>(null);
  // Heights by row key, written by the resize observer; `measured` counts the changes.
  const [sizes] = useState(() => new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  // The stretch of the list on screen, in steps: a scroll frame re-renders only per step.
  const [view, setView] = useState(() => ({ top: 0, height: window.innerHeight }));
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN_PX);

  useEffect(() => {
    const widen = () => setOverscan(OVERSCAN_PX);
    window.addEventListener('scroll', widen, { passive: true, once: true });
    return () => window.removeEventListener('scroll', widen);
  }, []);

  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const list = listRef.current;
      if (!list) return;
      const top = Math.round(-list.getBoundingClientRect().top / STEP_PX) * STEP_PX;
      const height = window.innerHeight;
      setView((old) => (old.top === top && old.height === height ? old : { top, height }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The list moves down the page when something above it opens (a notice, the filters).
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);

  const [observer] = useState(
    () =>
      new ResizeObserver((entries) => {
        let changed = false;
        for (const entry of entries) {
          const row = entry.target as HTMLElement;
          const key = row.dataset.rowKey;
          const height = entry.borderBoxSize[0]?.blockSize ?? row.offsetHeight;
          if (key === undefined || height === 0) continue;
          const before = sizes.get(key) ?? estimate;
          if (Math.abs(before - height) < 0.5) continue;
          sizes.set(key, height);
          changed = true;
          if (row.getBoundingClientRect().top < 0) window.scrollBy(0, height - before);
        }
        if (changed) setMeasured((n) => n + 1);
      }),
  );
  useEffect(() => () => observer.disconnect(), [observer]);

  /** The ref of each rendered row: measured now and whenever its size changes. */
  const measure = useCallback(
    (row: HTMLElement | null) => {
      if (!row) return;
      observer.observe(row);
      return () => observer.unobserve(row);
    },
    [observer],
  );

  const offsets = useMemo(
    () => rowOffsets(count, (index) => sizes.get(keyOf(index)) ?? estimate),
    // `measured` stands for the heights in `sizes`: the offsets follow each change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sizes, count, estimate, keyOf, measured],
  );
  const [start, end] = visibleRange(
    offsets,
    view.top - overscan,
    view.top + view.height + overscan,
  );
  const rows = [];
  for (let index = start; index < end; index += 1) {
    rows.push({ index, key: keyOf(index), offset: offsets[index]! });
  }
  return { listRef, rows, totalHeight: offsets[count]!, measure };
}
