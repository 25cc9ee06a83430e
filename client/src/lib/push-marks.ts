/**
 * For a store that both refetches a value and hears it pushed. A refetch begun before a push may
 * answer after it, with what the server held before the change: it must then be dropped, since
 * the push is newer (an audience page going live just as the musician turned requests off kept
 * showing them on). Counts pushes rather than comparing times, as the values are single ones
 * (a profile, a design) and not collections of entities with times of their own.
 */
export interface PushMarks<Kind extends string> {
  /** A push of `kind` was applied. */
  pushed(kind: Kind): void;
  /** Call as a refetch of `kind` begins; the answer tells whether its result is still news. */
  since(kind: Kind): () => boolean;
}

export function pushMarks<Kind extends string>(): PushMarks<Kind> {
  const counts = new Map<Kind, number>();
  const countOf = (kind: Kind) => counts.get(kind) ?? 0;
  return {
    pushed: (kind) => void counts.set(kind, countOf(kind) + 1),
    since(kind) {
      const atStart = countOf(kind);
      return () => countOf(kind) === atStart;
    },
  };
}
