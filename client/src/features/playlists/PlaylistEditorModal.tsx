import { useBusy } from '#client/lib/use-busy.ts';
import { dragAnnouncements } from '#client/lib/drag-announcements.ts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { Playlist } from '#shared/schemas/playlist.ts';
import type { Song } from '#shared/schemas/song.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import type { PlaylistActions } from './playlist-actions.ts';
import { isPlaylistChanged, moveItem } from './playlist-edit.ts';
import { playlistsApi } from './playlists-api.ts';
import { SortableSong } from './SortableSong.tsx';

interface EditorProps {
  playlist: Playlist;
  actions: PlaylistActions;
  onClose(): void;
}

function PlaylistEditor({ playlist, actions, onClose }: EditorProps) {
  const [songs, setSongs] = useState<Song[]>(playlist.songs);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  // dnd-kit's live region goes here: outside the modal dialog it would be inert and unheard.
  const [liveRegion, setLiveRegion] = useState<HTMLDivElement | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = songs.map((song) => song.id);
  const changed = isPlaylistChanged(
    playlist.songs.map((song) => song.id),
    ids,
  );

  const nameOf = (id: UniqueIdentifier) => {
    const song = songs.find((item) => item.id === id);
    return song ? `${song.title} by ${song.artist}` : 'the song';
  };
  const positionOf = (id: UniqueIdentifier | undefined) =>
    songs.findIndex((song) => song.id === id) + 1;
  const announcements = dragAnnouncements(nameOf, positionOf, songs.length);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setSongs((held) =>
      moveItem(
        held,
        held.findIndex((song) => song.id === active.id),
        held.findIndex((song) => song.id === over.id),
      ),
    );
  }

  async function save() {
    const failure = await run(() => actions.save(playlist.id, ids));
    if (failure) setError(failure);
    else onClose();
  }

  return (
    <div className="form-stack">
      <p className="field-hint">
        Drag a song by its handle to move it. With the keyboard: focus the handle, press Space, move
        with the arrow keys, and press Space again to drop.
      </p>
      {songs.length === 0 ? (
        <p className="empty-note">This playlist has no songs.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{ announcements, container: liveRegion ?? undefined }}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="sortable-list" aria-label={`Songs of ${playlist.name}`}>
              {songs.map((song, index) => (
                <SortableSong
                  key={song.id}
                  song={song}
                  position={index + 1}
                  onRemove={(id) => setSongs((held) => held.filter((item) => item.id !== id))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <div ref={setLiveRegion} />
      <StatusMessage tone="error">{error}</StatusMessage>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!changed || busy}
          onClick={() => void save()}
        >
          Save
        </button>
      </div>
    </div>
  );
}

interface PlaylistEditorModalProps {
  playlistId: string | null;
  actions: PlaylistActions;
  onClose(): void;
}

/** Edit Playlist: reorder by drag (or keyboard), remove songs; Save only when changed. */
export function PlaylistEditorModal({ playlistId, actions, onClose }: PlaylistEditorModalProps) {
  // Keyed by id, so another playlist's answer (or a stale one) never shows.
  const [loaded, setLoaded] = useState<{ id: string; playlist?: Playlist; error?: string }>();

  useEffect(() => {
    if (!playlistId) return;
    let current = true;
    playlistsApi.get(playlistId).then(
      (playlist) => current && setLoaded({ id: playlistId, playlist }),
      (failure: unknown) =>
        current &&
        setLoaded({
          id: playlistId,
          error: errorMessage(failure, messages.playlistEditLoadFailed),
        }),
    );
    return () => {
      current = false;
    };
  }, [playlistId]);

  const answer = loaded?.id === playlistId ? loaded : undefined;
  const playlist = answer?.playlist ?? null;
  const error = answer?.error ?? null;
  // Forget the copy on close: the next opening must show the saved order, not this one.
  const close = () => {
    setLoaded(undefined);
    onClose();
  };
  return (
    <Modal
      title={playlist ? `Edit Playlist: ${playlist.name}` : 'Edit Playlist'}
      open={playlistId !== null}
      onClose={close}
    >
      <StatusMessage tone="error">{error}</StatusMessage>
      {playlist ? (
        <PlaylistEditor key={playlist.id} playlist={playlist} actions={actions} onClose={close} />
      ) : (
        !error && <LoadingState label="Loading the playlist…" />
      )}
    </Modal>
  );
}
