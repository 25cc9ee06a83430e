import { useMemo } from 'react';
import { messages } from '#shared/messages.ts';
import type { Song, SongInput } from '#shared/schemas/song.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { buildBatchEdit, type BatchEditForm } from './batch-edit.ts';
import { fill, plural } from '#shared/fill-message.ts';
import { downloadText, exportFileName, songsToCsv } from './song-export.ts';
import { songsApi } from './songs-api.ts';
import { selectSongs, useSongsStore } from './songs-store.ts';

/**
 * Song changes: each calls the API, then updates the store and says how it went.
 * `onSongsDeleted` lets what shows the songs elsewhere (playlist counts) catch up.
 */
function songActions(notify: Notify, onSongsDeleted: () => void = () => {}) {
  const store = () => useSongsStore.getState();

  return {
    /** Resolves to an error message to show in the form, or null when saved. */
    async save(id: string | null, input: SongInput): Promise<string | null> {
      try {
        const song = id ? await songsApi.update(id, input) : await songsApi.create(input);
        store().upsert(song);
        notify(id ? messages.songUpdated : messages.songAdded);
        return null;
      } catch (error) {
        return errorMessage(error, id ? messages.songUpdateFailed : messages.songAddFailed);
      }
    },

    async remove(song: Song) {
      try {
        await songsApi.delete(song.id);
        store().remove([song.id]);
        notify(messages.songDeleted);
        onSongsDeleted();
      } catch (error) {
        notify(errorMessage(error, messages.songDeleteFailed), 'error');
      }
    },

    async toggleVisibility(song: Song) {
      try {
        const { hidden } = await songsApi.toggleVisibility(song.id);
        store().patch([song.id], (held) => ({ ...held, hidden }));
        notify(hidden ? messages.songHidden : messages.songShown);
      } catch (error) {
        notify(errorMessage(error, messages.visibilityFailed), 'error');
      }
    },

    /** Resolves to an error message for the form, or null when done. */
    async batchEdit(form: BatchEditForm): Promise<string | null> {
      const plan = buildBatchEdit([...store().selected], form);
      if (!plan.ok) return plan.error;
      try {
        const result = await songsApi.batchEdit(plan.body);
        store().applySnapshot(await songsApi.list());
        notify(
          fill(messages.batchSongsUpdated, {
            songs: plural(result.updated_count, 'song', 'songs'),
          }),
        );
        return null;
      } catch (error) {
        return errorMessage(error, messages.batchUpdateFailed);
      }
    },

    async batchDelete() {
      const ids = [...store().selected];
      if (ids.length === 0) return notify(messages.batchDeleteSelectionEmpty, 'error');
      try {
        const result = await songsApi.batchDelete(ids);
        store().applySnapshot(await songsApi.list());
        onSongsDeleted();
        if (result.success) {
          notify(
            fill(messages.batchSongsDeleted, {
              songs: plural(result.deleted_count, 'song', 'songs'),
            }),
          );
        } else if (result.deleted_count === 0) {
          notify(messages.batchSongsDeleteFailed, 'error');
        } else {
          notify(
            fill(messages.batchSongsDeletePartial, {
              deleted: result.deleted_count,
              failed: result.failed_count,
            }),
            'error',
          );
        }
      } catch (error) {
        notify(errorMessage(error, messages.batchSongsDeleteFailed), 'error');
      }
    },

    exportCsv() {
      const songs = selectSongs(store());
      if (songs.length === 0) return notify(messages.exportNoSongs, 'error');
      downloadText(songsToCsv(songs), exportFileName(new Date()));
    },
  };
}

export type SongActions = ReturnType<typeof songActions>;

export function useSongActions(notify: Notify, onSongsDeleted?: () => void): SongActions {
  return useMemo(() => songActions(notify, onSongsDeleted), [notify, onSongsDeleted]);
}
