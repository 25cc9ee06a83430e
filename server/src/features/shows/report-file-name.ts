import type { Show } from '#shared/schemas/show.ts';

/** "show-report-friday-at-the-blue-note-2025-06-21.csv": ASCII only, safe in a header. */
export function reportFileName(show: Show): string {
  const name = show.name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const day = show.performed_on ?? show.date.slice(0, 10);
  return `show-report-${name ? `${name}-` : ''}${day}.csv`;
}
