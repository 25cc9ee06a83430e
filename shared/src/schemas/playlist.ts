import { z } from 'zod';
import { messages } from '../messages.ts';
import { ALL_SONGS_PLAYLIST_ID, Song, songIds } from './song.ts';

/** Spec section 9: a playlist name has at most 100 characters. */
export const PLAYLIST_NAME_MAX_LENGTH = 100;

/** Trimmed and required; create and rename word the missing name differently (spec section 5). */
function playlistName(missingMessage: string) {
  return z
    .string({ error: missingMessage })
    .trim()
    .min(1, missingMessage)
    .max(PLAYLIST_NAME_MAX_LENGTH, messages.playlistNameTooLong);
}

/** An ordered list of song ids; may be empty (a playlist can be emptied or created empty). */
const OrderedSongIds = songIds().default([]);

/** One playlist as its owner sees it in the list: song ids in playlist order, no song bodies. */
export const PlaylistSummary = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  song_count: z.number().int(),
  song_ids: z.array(z.string()),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummary>;

/** Spec section 3: a playlist with its songs, in playlist order. */
export const Playlist = PlaylistSummary.extend({ songs: z.array(Song) });
export type Playlist = z.infer<typeof Playlist>;

export const PlaylistListResponse = z.array(PlaylistSummary);

export const CreatePlaylistBody = z.object({
  name: playlistName(messages.playlistNameMissing),
  song_ids: OrderedSongIds,
});
export type CreatePlaylistBody = z.input<typeof CreatePlaylistBody>;

/**
 * PUT /playlists/{id}: the whole ordered list (edit modal: reorder and remove). Required, so a
 * body without it (`{}`) is refused instead of emptying the playlist; `[]` empties it on purpose.
 */
export const ReplacePlaylistSongsBody = z.object({ song_ids: songIds() });
export type ReplacePlaylistSongsBody = z.input<typeof ReplacePlaylistSongsBody>;

/** PUT /playlists/{id}/songs: songs to add at the end (add-to-existing modal). */
export const AddPlaylistSongsBody = z.object({
  song_ids: songIds(messages.playlistSongsSelectionEmpty),
});
export type AddPlaylistSongsBody = z.input<typeof AddPlaylistSongsBody>;

export const RenamePlaylistBody = z.object({ name: playlistName(messages.playlistNameEmpty) });
export type RenamePlaylistBody = z.input<typeof RenamePlaylistBody>;

export const PlaylistVisibilityBody = z.object({ is_public: z.boolean() });
export type PlaylistVisibilityBody = z.infer<typeof PlaylistVisibilityBody>;

export const PlaylistVisibilityResponse = PlaylistSummary.extend({
  /** True when the playlist was the active one and going private cleared it. */
  active_playlist_cleared: z.boolean(),
});
export type PlaylistVisibilityResponse = z.infer<typeof PlaylistVisibilityResponse>;

export const DeletePlaylistResponse = z.object({
  message: z.string(),
  active_playlist_cleared: z.boolean(),
});
export type DeletePlaylistResponse = z.infer<typeof DeletePlaylistResponse>;

/** A playlist id, or all_songs to go back to the whole repertoire. */
export const ActivatePlaylistParams = z.object({
  id: z.union([z.literal(ALL_SONGS_PLAYLIST_ID), z.uuid({ error: 'This id is not valid.' })], {
    error: 'This id is not valid.',
  }),
});

export const ActivatePlaylistResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** null when the audience page now shows all songs. */
  active_playlist_id: z.string().nullable(),
  playlist: PlaylistSummary.nullable(),
});
export type ActivatePlaylistResponse = z.infer<typeof ActivatePlaylistResponse>;

/** What the audience page lists: public playlists only; song_count counts visible songs. */
export const PublicPlaylist = z.object({
  id: z.string(),
  name: z.string(),
  song_count: z.number().int(),
  is_active: z.boolean(),
});
export type PublicPlaylist = z.infer<typeof PublicPlaylist>;

export const PublicPlaylistListResponse = z.array(PublicPlaylist);
