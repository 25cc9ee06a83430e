import { useEffect, useState } from 'react';

/** The current time, ticking every `intervalMs`: keeps "3 min ago" true while the screen stays open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
