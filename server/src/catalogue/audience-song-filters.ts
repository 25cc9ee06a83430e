import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { songs } from '#server/db/schema.ts';

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

// PGlite has no unaccent extension, and lower() may only know ASCII (C locale), so both sides
// fold the common Latin accents, either case, with the same table.
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

const folded = (column: AnyColumn) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

/** LIKE treats % and _ as wildcards and \ as its escape: a search for "100%" means the text. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function tagCondition(column: AnyColumn, value: string | null | undefined) {
  if (value === undefined) return undefined;
  if (value === null) return sql`cardinality(${column}) = 0`;
  return sql`EXISTS (SELECT 1 FROM unnest(${column}) AS tag WHERE lower(tag) = lower(${value}))`;
}

function yearCondition(year: number | null | undefined, decadeStart: number | null | undefined) {
  const conditions: SQL[] = [];
  if (year === null || decadeStart === null) conditions.push(sql`${songs.year} IS NULL`);
  if (typeof year === 'number') conditions.push(sql`${songs.year} = ${year}`);
  if (typeof decadeStart === 'number') {
    conditions.push(sql`${songs.year} BETWEEN ${decadeStart} AND ${decadeStart + 9}`);
  }
  return conditions;
}

/** The WHERE conditions of the filters (the playlist join is the repository's). */
export function audienceConditions(filters: AudienceSongFilters): Array<SQL | undefined> {
  const search = filters.search ? containsPattern(filters.search) : undefined;
  return [
    search
      ? sql`(${folded(songs.title)} LIKE ${search} OR ${folded(songs.artist)} LIKE ${search})`
      : undefined,
    tagCondition(songs.genres, filters.genre),
    tagCondition(songs.moods, filters.mood),
    ...yearCondition(filters.year, filters.decadeStart),
  ];
}
