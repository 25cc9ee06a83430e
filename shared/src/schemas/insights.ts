/**
 * Insights (issue 11): what the audience keeps asking for. "Learn next" ranks the songs suggested
 * show after show that are not in the repertoire; "underplayed" ranks the repertoire's songs
 * requested more often than they were played.
 */
import { z } from 'zod';
import { SONG_FIELD_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

/** Songs the learn-next list shows at most. */
export const LEARN_NEXT_LIMIT = 20;
/** Repertoire songs the underplayed list shows at most. */
export const UNDERPLAYED_LIMIT = 10;
/** Songs one musician may mark 'Not for me' at most: each is a row, and a script may try. */
export const LEARN_NEXT_DISMISSALS_MAX = 10_000;

/** One show that asked for the song (or the time outside any show: show_id and name null). */
export const LearnNextSource = z.object({
  show_id: z.string().nullable(),
  name: z.string().nullable(),
  /** Distinct people who asked for it at that show. */
  requesters: z.number().int(),
});
export type LearnNextSource = z.infer<typeof LearnNextSource>;

/** A song the audience suggested that is not in the repertoire, with who asked and where. */
export const LearnNextSong = z.object({
  /** The most common spelling among the suggestions. */
  title: z.string(),
  artist: z.string(),
  /** The rank: distinct people weighted by how recently they asked, boosted per extra show. */
  score: z.number(),
  /** Distinct people who asked (by email, case-insensitive). */
  requesters: z.number().int(),
  /** Distinct shows it was asked for in. */
  shows: z.number().int(),
  last_asked_at: z.string(),
  /** The shows that asked, newest first. */
  sources: z.array(LearnNextSource),
});
export type LearnNextSong = z.infer<typeof LearnNextSong>;

/** A repertoire song asked for more often than it was played. */
export const UnderplayedSong = z.object({
  song_id: z.string(),
  title: z.string(),
  artist: z.string(),
  /** Distinct people who requested it. */
  requesters: z.number().int(),
  /** Times it was asked for: each request, and each +1 merged into one, counts a person. */
  requests: z.number().int(),
  /** How many of those asks were answered by playing it. */
  played: z.number().int(),
});
export type UnderplayedSong = z.infer<typeof UnderplayedSong>;

/** GET /api/insights/learn-next */
export const LearnNextResponse = z.object({
  songs: z.array(LearnNextSong),
  underplayed: z.array(UnderplayedSong),
});
export type LearnNextResponse = z.infer<typeof LearnNextResponse>;

/**
 * The song a learn-next action is about, by title and artist as listed: the body of 'Add to my
 * songs' and 'Not for me', and the query of the undo of 'Not for me'.
 */
export const LearnNextSongRef = z.object({
  title: requiredText(messages.songTitleRequired, SONG_FIELD_MAX_LENGTH),
  artist: requiredText(messages.songArtistRequired, SONG_FIELD_MAX_LENGTH),
});
export type LearnNextSongRef = z.infer<typeof LearnNextSongRef>;
