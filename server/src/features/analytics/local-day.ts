/** A calendar day, 'YYYY-MM-DD', on the clock of one IANA time zone. */
export type LocalDay = string;

/** Every UTC offset and every change of one in use since 1972 falls on a quarter of an hour. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The local day of an instant in `timeZone` (what PostgreSQL's `(t AT TIME ZONE tz)::date`
 * gives), by one formatter built once for the many rows of a report. A quarter of an hour of UTC
 * never straddles a local midnight, so its day is formatted once (about 6 µs a format; the rows
 * of a show night share a few dozen quarters).
 */
export function localDayIn(timeZone: string): (at: Date) => LocalDay {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const byQuarter = new Map<number, LocalDay>();
  return (at) => {
    const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    const known = byQuarter.get(quarter);
    if (known !== undefined) return known;
    let year = '';
    let month = '';
    let day = '';
    for (const part of format.formatToParts(at)) {
      if (part.type === 'year') year = part.value;
      else if (part.type === 'month') month = part.value;
      else if (part.type === 'day') day = part.value;
    }
    const local = `${year}-${month}-${day}`;
    byQuarter.set(quarter, local);
    return local;
  };
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: LocalDay, count: number): LocalDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/**
 * An instant no later than the first moment of `day` in any time zone (UTC offsets reach +14
 * hours): a lower bound the created_at indexes can serve, the exact day decided afterwards.
 */
export function earliestStartOf(day: LocalDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 14 * 3_600_000);
}
