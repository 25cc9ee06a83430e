import { useCallback, useRef } from 'react';

/** Two taps closer than this are one finger's double tap, not two decisions. */
export const DOUBLE_TAP_MS = 600;

/**
 * A double tap on a queue's button lands its second tap on the request that slid into the first
 * one's place (Played on Now marks the next song played too). Returns `allow(id, move)`: false
 * for the same move on another request within DOUBLE_TAP_MS of the last one allowed.
 */
export function useDoubleTapGuard() {
  const last = useRef<{ id: string; move: string; at: number } | null>(null);
  return useCallback((id: string, move: string): boolean => {
    const at = performance.now();
    const previous = last.current;
    if (
      previous &&
      previous.move === move &&
      previous.id !== id &&
      at - previous.at < DOUBLE_TAP_MS
    ) {
      return false;
    }
    last.current = { id, move, at };
    return true;
  }, []);
}
