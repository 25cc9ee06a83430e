import { messages } from '#shared/messages.ts';
import type { Show, StartShowBody, UpdateShowBody } from '#shared/schemas/show.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { selectRequests, useRequestsStore } from '../requests/requests-store.ts';
import { showsApi } from './shows-api.ts';
import { useShowsStore } from './shows-store.ts';

/** Start, stop, archive, restore and delete; each reports through `notify`. */
export function showActions(notify: Notify) {
  const shows = () => useShowsStore.getState();

  async function attempt(run: () => Promise<void>, success: string, failure: string) {
    try {
      await run();
      notify(success);
      return true;
    } catch (error) {
      notify(errorMessage(error, failure), 'error');
      return false;
    }
  }

  return {
    start: (body: StartShowBody) =>
      attempt(
        async () => shows().applyCurrent(await showsApi.start(body)),
        messages.showStarted,
        messages.showStartFailed,
      ),
    stop: () =>
      attempt(
        async () => {
          const current = await showsApi.stop();
          shows().applyCurrent(current);
          if (current.show) shows().upsert(current.show);
        },
        messages.showStopped,
        messages.showStopFailed,
      ),
    /** Name, venue and date; true when saved. */
    update: (show: Show, changes: UpdateShowBody) =>
      attempt(
        async () => {
          const updated = await showsApi.update(show.id, changes);
          shows().upsert(updated);
          if (updated.status === 'active') shows().applyCurrent({ active: true, show: updated });
        },
        messages.showDetailsSaved,
        messages.showDetailsSaveFailed,
      ),
    archive: (show: Show) =>
      attempt(
        async () => shows().upsert(await showsApi.archive(show.id)),
        messages.showArchived,
        messages.showArchiveFailed,
      ),
    restore: (show: Show) =>
      attempt(
        async () => {
          const restored = await showsApi.restore(show.id);
          shows().upsert(restored);
          if (restored.status === 'active') shows().applyCurrent({ active: true, show: restored });
        },
        messages.showRestored,
        messages.showRestoreFailed,
      ),
    delete: (show: Show) =>
      attempt(
        async () => {
          await showsApi.delete(show.id);
          shows().remove(show.id);
          const requests = useRequestsStore.getState();
          for (const request of selectRequests(requests)) {
            if (request.show_id === show.id) requests.remove(request.id);
          }
        },
        messages.showDeleted,
        messages.showDeleteFailed,
      ),
  };
}

export type ShowActions = ReturnType<typeof showActions>;
