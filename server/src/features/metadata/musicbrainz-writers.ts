import { z } from 'zod';
import { SONG_FIELD_MAX_LENGTH } from '#shared/limits.ts';

/**
 * Who wrote a song, from MusicBrainz's relationships: a recording is a performance of a work
 * (/ws/2/recording/{id}?inc=work-rels), and the work names its writers
 * (/ws/2/work/{id}?inc=artist-rels). Only the fields read here; the rest is ignored, and a
 * field in an unexpected shape counts as absent.
 */

const WorkRelation = z.object({
  work: z.object({ id: z.string() }).optional().catch(undefined),
});
export const RecordingWorks = z.object({ relations: z.array(WorkRelation).catch([]) });
export type RecordingWorks = z.infer<typeof RecordingWorks>;

const ArtistRelation = z.object({
  type: z.string().optional().catch(undefined),
  artist: z.object({ name: z.string() }).optional().catch(undefined),
});
export const WorkWriters = z.object({ relations: z.array(ArtistRelation).catch([]) });
export type WorkWriters = z.infer<typeof WorkWriters>;

/** The relationship types that make an artist one of a song's writers. */
const WRITER_TYPES = new Set(['composer', 'lyricist', 'writer']);

/** The first work the recording performs (a medley has several; a report names the first). */
export function firstWorkId(recording: RecordingWorks): string | null {
  return recording.relations.find((relation) => relation.work)?.work?.id ?? null;
}

/**
 * "John Lennon, Paul McCartney": each writer once, in MusicBrainz's order, as many as fit in a
 * song field (a symphony's credits would not), so the musician can still save the song.
 */
export function writerNames(work: WorkWriters): string {
  const names: string[] = [];
  for (const { type, artist } of work.relations) {
    const name = artist?.name.trim();
    if (!type || !WRITER_TYPES.has(type) || !name) continue;
    if (names.some((known) => known.toLowerCase() === name.toLowerCase())) continue;
    if ([...names, name].join(', ').length > SONG_FIELD_MAX_LENGTH) break;
    names.push(name);
  }
  return names.join(', ');
}
