/** "1 song" / "3 songs" */
export function songCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'song' : 'songs'}`;
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a request, suggestion or show happened: in the browser's time zone, en-US (spec section 8's fallbacks for odd values). */
export function formatRequestTime(iso: string | null | undefined): string {
  if (!iso) return 'Unknown time';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  try {
    return timeFormat.format(date);
  } catch {
    return 'Error formatting date';
  }
}

const MINUTE_MS = 60_000;

/**
 * How long ago, read at a glance from a stage ("just now", "3 min ago", "2 hr ago"); after a
 * day, the date itself. A clock slightly ahead of the server's still says "just now".
 */
export function formatRelativeTime(iso: string | null | undefined, now: number): string {
  if (!iso) return 'Unknown time';
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 'Invalid date';
  const minutes = Math.floor((now - then) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hr ago`;
  return formatRequestTime(iso);
}

/** Today as YYYY-MM-DD on this device's clock (not UTC): the musician's date tonight. */
export function localDateToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
