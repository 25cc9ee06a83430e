/**
 * The duplicate rule: same title and artist, ignoring case and surrounding spaces. Keys are
 * built here, in JS, for every side (the server's imports and suggestions, the audience page's
 * "already on the list" hint): PostgreSQL's lower() depends on the database locale and would not
 * fold "É" on a C-locale database, so "Été" and "ÉTÉ" would slip through.
 */
export function songKey(title: string, artist: string): string {
  return `${title.trim().toLowerCase()}\u0000${artist.trim().toLowerCase()}`;
}
