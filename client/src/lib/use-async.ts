import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/**
 * Loads data for `key` (e.g. a slug) with a stable `load` function; a new key or retry()
 * shows loading again, and answers for an old key are ignored.
 */
export function useAsync<T>(key: string, load: (key: string) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${attempt}:${key}`;
  const [settled, setSettled] = useState<{ key: string; state: AsyncState<T> } | null>(null);

  useEffect(() => {
    let current = true;
    load(key).then(
      (data) => current && setSettled({ key: requestKey, state: { status: 'ready', data } }),
      (error: unknown) =>
        current && setSettled({ key: requestKey, state: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [key, requestKey, load]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: AsyncState<T> = settled?.key === requestKey ? settled.state : LOADING;
  return { state, retry };
}
