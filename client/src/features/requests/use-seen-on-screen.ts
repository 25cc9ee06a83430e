import { useCallback, useEffect, useRef } from 'react';

/** How long a NEW row stays in sight before it counts as seen. */
export const NEW_SEEN_MS = 4_000;

/**
 * Calls `onSeen(id)` once the element registered for `id` has been at least half in view for
 * NEW_SEEN_MS (leaving the view restarts its time). A row nobody scrolled to keeps its NEW flag,
 * so the '+N New!' badge still counts what is unread. Returns a ref callback for each id.
 */
export function useSeenOnScreen(onSeen: ((id: string) => void) | undefined) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const ids = useRef(new WeakMap<Element, string>());
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  }, [onSeen]);
  const observer = useRef<IntersectionObserver | null>(null);

  const stop = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  useEffect(() => {
    const running = timers.current;
    return () => {
      observer.current?.disconnect();
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
  }, []);

  // One ref callback per id, kept across renders: a new one would unobserve and observe the row
  // again at every render, and its time would start over.
  const callbacks = useRef(new Map<string, (element: HTMLElement | null) => () => void>());

  const watch = useCallback(
    (id: string) => (element: HTMLElement | null) => {
      if (typeof IntersectionObserver === 'undefined' || !element) return () => undefined;
      observer.current ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const entryId = ids.current.get(entry.target);
            if (entryId === undefined) continue;
            if (!entry.isIntersecting) {
              stop(entryId);
            } else if (!timers.current.has(entryId)) {
              const timer = setTimeout(() => {
                timers.current.delete(entryId);
                seen.current?.(entryId);
              }, NEW_SEEN_MS);
              timers.current.set(entryId, timer);
            }
          }
        },
        { threshold: 0.5 },
      );
      ids.current.set(element, id);
      const watching = observer.current;
      watching.observe(element);
      return () => {
        watching.unobserve(element);
        stop(id);
      };
    },
    [stop],
  );

  return useCallback(
    (id: string) => {
      let callback = callbacks.current.get(id);
      if (!callback) {
        callback = watch(id);
        callbacks.current.set(id, callback);
      }
      return callback;
    },
    [watch],
  );
}
