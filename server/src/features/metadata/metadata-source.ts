import type { SongMetadataWithWriter } from '#shared/schemas/song.ts';

export interface LookupOptions {
  /** Epoch ms after which an online source gives up rather than wait or call. */
  deadline?: number;
}

/**
 * One place song metadata can come from. A lookup never throws for a missing song or an
 * unreachable service: it answers null, so the caller can try the next source.
 */
export interface MetadataSource {
  readonly name: SongMetadataWithWriter['source'];
  /** Offline sources answer at once and are never limited by a time budget. */
  readonly offline: boolean;
  lookup(
    title: string,
    artist: string,
    options?: LookupOptions,
  ): Promise<SongMetadataWithWriter | null>;
}

/**
 * A key for comparing titles and artists as a person would: "Don't Stop Believin'" matches
 * "dont stop believin", "Été" matches "ete", "The Beatles" matches "Beatles", & matches "and".
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2019`]/g, '') // escaped: the server bundle stays ASCII (build-server.ts)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

/** A title without what versions add: "Wonderwall (Remastered 2014)" -> "Wonderwall". */
export function baseTitle(title: string): string {
  return (
    title
      .replace(/\s*[([].*?[)\]]\s*/g, ' ')
      .replace(/\s+-\s+.*$/, '')
      .trim() || title
  );
}

/** True when one artist string names the other ("Bob Marley" and "Bob Marley & The Wailers"). */
export function sameArtist(a: string, b: string): boolean {
  const [x, y] = [matchKey(a), matchKey(b)];
  if (!x || !y) return false;
  return x === y || ` ${x} `.includes(` ${y} `) || ` ${y} `.includes(` ${x} `);
}
