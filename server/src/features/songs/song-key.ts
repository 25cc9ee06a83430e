/**
 * The duplicate rule: same title and artist, ignoring case and surrounding spaces. Keys are
 * built here, in JS, for both sides: PostgreSQL's lower() depends on the database locale and
 * would not fold "É" on a C-locale database, so "Été" and "ÉTÉ" would slip through.
 */
export function songKey(title: string, artist: string): string {
  return `${title.trim().toLowerCase()}\u0000${artist.trim().toLowerCase()}`;
}
