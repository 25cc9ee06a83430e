import { messages } from '#shared/messages.ts';
import type {
  CurrentShowResponse,
  Show,
  StartShowData,
  UpdateShowData,
} from '#shared/schemas/show.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import type { ShowsRepository } from './shows-repository.ts';

/**
 * Named shows: while one is active, new requests are filed under it. Stopping sends new requests
 * back to the main list; archiving moves a show out of the way; restoring makes it the running
 * show again (refused while another runs, so it never silently takes over from that one).
 */
interface Deps {
  shows: ShowsRepository;
  events: DomainEvents;
  /** Deleting a show deletes its requests: the queue closes up at once. */
  queue?: QueueReorder;
}

export function showsService({ shows, events, queue }: Deps) {
  function announce(musicianId: string, current: CurrentShowResponse) {
    events.publish({ musicianId, name: 'show:updated', payload: current });
  }

  /** Every device keeps the shows list too, not only the running show. */
  function changed(musicianId: string, show: Show) {
    events.publish({ musicianId, name: 'show:changed', payload: show });
  }

  async function ownedOr404(musicianId: string, showId: string): Promise<Show> {
    const show = await shows.findOwned(musicianId, showId);
    if (!show) throw notFound(messages.showNotFound);
    return show;
  }

  return {
    async current(musicianId: string): Promise<CurrentShowResponse> {
      const show = await shows.findActive(musicianId);
      return { active: Boolean(show), show: show ?? null };
    },

    list: (musicianId: string) => shows.list(musicianId),

    async start(musicianId: string, data: StartShowData): Promise<CurrentShowResponse> {
      try {
        const show = await shows.insertActive(musicianId, data);
        const current = { active: true, show };
        announce(musicianId, current);
        changed(musicianId, show);
        return current;
      } catch (error) {
        if (isUniqueViolation(error, 'shows_one_active_per_musician')) {
          throw conflict(messages.showAlreadyRunning);
        }
        throw error;
      }
    },

    async stop(musicianId: string): Promise<CurrentShowResponse> {
      const active = await shows.findActive(musicianId);
      if (!active) throw conflict(messages.noShowRunning);
      const stopped = (await shows.setStatus(musicianId, active.id, 'stopped')) ?? active;
      const current = { active: false, show: stopped };
      announce(musicianId, current);
      changed(musicianId, stopped);
      return current;
    },

    /** Name, venue and date, at any time (a setlist report is often filed days later). */
    async update(musicianId: string, showId: string, changes: UpdateShowData): Promise<Show> {
      const updated = await shows.update(musicianId, showId, changes);
      if (!updated) throw notFound(messages.showNotFound);
      if (updated.status === 'active') announce(musicianId, { active: true, show: updated });
      changed(musicianId, updated);
      return updated;
    },

    async archive(musicianId: string, showId: string): Promise<Show> {
      const before = await ownedOr404(musicianId, showId);
      const archived = await shows.setStatus(musicianId, showId, 'archived');
      if (!archived) return before;
      if (before.status === 'active') announce(musicianId, { active: false, show: archived });
      changed(musicianId, archived);
      return archived;
    },

    /** Spec section 4: a restored show is active again, unless another show is running now. */
    async restore(musicianId: string, showId: string): Promise<Show> {
      const before = await ownedOr404(musicianId, showId);
      if (before.status !== 'archived') return before;
      let restored: Show | undefined;
      try {
        restored = await shows.setStatus(musicianId, showId, 'active');
      } catch (error) {
        if (isUniqueViolation(error, 'shows_one_active_per_musician')) {
          throw conflict(messages.showRestoreWhileRunning);
        }
        throw error;
      }
      if (!restored) return before;
      announce(musicianId, { active: true, show: restored });
      changed(musicianId, restored);
      return restored;
    },

    async delete(musicianId: string, showId: string): Promise<void> {
      const before = await ownedOr404(musicianId, showId);
      const requestIds = await shows.delete(musicianId, showId);
      if (!requestIds) throw notFound(messages.showNotFound);
      for (const id of requestIds) {
        events.publish({ musicianId, name: 'request:deleted', payload: { id } });
      }
      events.publish({ musicianId, name: 'show:deleted', payload: { id: showId } });
      if (before.status === 'active') announce(musicianId, { active: false, show: null });
      if (requestIds.length > 0) await queue?.reorder(musicianId);
    },
  };
}

export type ShowsService = ReturnType<typeof showsService>;
