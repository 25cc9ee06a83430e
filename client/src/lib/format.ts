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
