import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { selectCurrentShow, useShowsStore } from '#client/features/shows/shows-store.ts';
import type { StoredShow } from './offline-queue.ts';

/**
 * What the room is doing, apart from the connection: which show the requests are filed under,
 * and whether the audience can ask at all (a switched-off screen looks just like a quiet night).
 */
export function StageStatus({ savedShow }: { savedShow?: StoredShow | null | undefined }) {
  // Offline, before the server has answered: the show running when the queue was saved.
  const liveShow = useShowsStore(selectCurrentShow);
  const show = savedShow === undefined ? liveShow : savedShow;
  const requestsOn = useAuthStore((s) => s.musician?.requests_enabled ?? false);
  return (
    <p className="stage-status" role="status" aria-label="Show">
      <span>
        {show ? fill(messages.onStageShowRunning, { name: show.name }) : messages.onStageNoShow}
      </span>
      {!requestsOn && <span className="stage-requests-off">{messages.onStageRequestsOff}</span>}
    </p>
  );
}
