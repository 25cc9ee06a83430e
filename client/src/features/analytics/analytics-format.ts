/** "2025-06-21" -> "Jun 21" (the date is already the musician's day: read it as UTC). */
export function shortDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return '';
  return parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "2025-06-21" -> "Saturday, June 21, 2025", for the chart's text alternative. */
export function longDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', { dateStyle: 'full', timeZone: 'UTC' });
}

export function dollars(amount: number): string {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
