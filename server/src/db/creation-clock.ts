/**
 * Creation times that keep the order rows were made in. SQLite keeps a time to the millisecond
 * (PostgreSQL to the microsecond), and rows one process makes one after the other within the
 * same millisecond (a musician's second feed token, made as the first returns) tied, so a list
 * "in the order made" came back in the order of their random ids. Each time this returns is
 * after the one before: the clock's, or a millisecond past the last when the clock has not moved
 * on. Across processes (PostgreSQL) rows made in the same instant can still tie, as they could.
 */
export function creationClock(clock: () => number = Date.now): () => Date {
  let last = 0;
  return () => {
    last = Math.max(clock(), last + 1);
    return new Date(last);
  };
}

/** This process's: every row it makes takes its time from the one clock. */
export const creationTime = creationClock();
