import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * The audience page's filters, already parsed. `undefined` means "no filter"; `null` means the
 * special value 'none' (songs with no genre, no mood or no year).
 */
export interface AudienceSongFilters {
  /** Lower-cased, accents removed (see foldAccents). */
  search?: string;
  genre?: string | null;
  mood?: string | null;
  year?: number | null;
  /** The decade's first year (1980 for '1980s'), or null for songs without a year. */
  decadeStart?: number | null;
  /** Only this playlist's songs, in its order. */
  playlistId?: string;
}

// Neither engine has unaccent, SQLite's lower() knows only ASCII (PostgreSQL's as its locale
// does), and SQLite has no translate(): both sides fold the common Latin accents, either case,
// with the same table, the SQL side by one replace() a letter.
const ACCENTED = 'àáâãäåāèéêëēìíîïīòóôõöøōùúûüūýÿñçšÀÁÂÃÄÅĀÈÉÊËĒÌÍÎÏĪÒÓÔÕÖØŌÙÚÛÜŪÝŸÑÇŠ';
const PLAIN = 'aaaaaaaeeeeeiiiiiooooooouuuuuyyncsaaaaaaaeeeeeiiiiiooooooouuuuuyyncs';
const PLAIN_OF = new Map([...ACCENTED].map((char, index) => [char, PLAIN[index]!]));

/** "Beyoncé" -> "beyonce": what the search compares, folded as the SQL side folds. */
export function foldAccents(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => PLAIN_OF.get(char) ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** LIKE treats % and _ as wildcards and \ as its escape: a search for "100%" means the text. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `lower(a) like lower(b)`, the escape said (SQLite has no default one). */
const contains = (text: Expression<unknown>, pattern: string) =>
  sql<SqlBool>`${text} like lower(${pattern}) escape '\\'`;

/**
 * Whether `column`, lower-cased and with every letter of ACCENTED replaced by its plain one,
 * matches `pattern`. The replace() calls (one a letter) run only for the values holding a
 * letter beyond ASCII (more bytes than characters): a plain title costs one lower() and LIKE.
 */
function foldedMatches(column: 'songs.title' | 'songs.artist', pattern: string) {
  const text = sql.ref(column);
  const folded = [...PLAIN_OF].reduce<Expression<string>>(
    (folding, [accented, plain]) =>
      sql<string>`replace(${folding}, ${sql.lit(accented)}, ${sql.lit(plain)})`,
    sql<string>`lower(${text})`,
  );
  return sql<SqlBool>`(${contains(sql`lower(${text})`, pattern)}
    or (octet_length(${text}) > length(${text}) and ${contains(folded, pattern)}))`;
}

function yearConditions(filters: AudienceSongFilters): Expression<SqlBool>[] {
  const { year, decadeStart } = filters;
  const column = sql.ref('songs.year');
  const conditions: Expression<SqlBool>[] = [];
  if (year === null || decadeStart === null) conditions.push(sql<SqlBool>`${column} is null`);
  if (typeof year === 'number') conditions.push(sql<SqlBool>`${column} = ${year}`);
  if (typeof decadeStart === 'number') {
    conditions.push(sql<SqlBool>`${column} between ${decadeStart} and ${decadeStart + 9}`);
  }
  return conditions;
}

/**
 * The WHERE conditions of the search and the year filters on `songs` (the playlist join is the
 * repository's; the tags are matched by matchesTags).
 */
export function audienceConditions(filters: AudienceSongFilters): Expression<SqlBool>[] {
  const conditions = yearConditions(filters);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.unshift(
      sql<SqlBool>`(${foldedMatches('songs.title', pattern)} or ${foldedMatches('songs.artist', pattern)})`,
    );
  }
  return conditions;
}

/** Whether `tags` pass a tag filter: any tag equal ignoring case, or none for null. */
function tagMatches(tags: string[], value: string | null | undefined): boolean {
  if (value === undefined) return true;
  if (value === null) return tags.length === 0;
  const wanted = value.toLowerCase();
  return tags.some((tag) => tag.toLowerCase() === wanted);
}

/**
 * The genre and mood filters, on rows already read: a text array is PostgreSQL's and a JSON
 * array SQLite's, and no SQL looks inside both.
 */
export function matchesTags(
  song: { genres: string[]; moods: string[] },
  filters: AudienceSongFilters,
): boolean {
  return tagMatches(song.genres, filters.genre) && tagMatches(song.moods, filters.mood);
}
