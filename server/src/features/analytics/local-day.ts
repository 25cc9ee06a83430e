/** A calendar day, 'YYYY-MM-DD', on the clock of one IANA time zone. */
export type LocalDay = string;

/**
 * The local day of an instant in `timeZone` (what PostgreSQL's `(t AT TIME ZONE tz)::date`
 * gives), by one formatter built once for the many rows of a report.
 */
export function localDayIn(timeZone: string): (at: Date) => LocalDay {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at) => {
    let year = '';
    let month = '';
    let day = '';
    for (const part of format.formatToParts(at)) {
      if (part.type === 'year') year = part.value;
      else if (part.type === 'month') month = part.value;
      else if (part.type === 'day') day = part.value;
    }
    return `${year}-${month}-${day}`;
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
