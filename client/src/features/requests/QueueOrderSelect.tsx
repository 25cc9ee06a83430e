import { useId, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { QUEUE_ORDERS, type QueueOrder } from '#shared/schemas/queue-order.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';

export const QUEUE_ORDER_LABELS: Record<QueueOrder, string> = {
  arrival: 'Oldest first',
  votes: 'Most votes first',
  tips: 'Biggest tip first',
  manual: 'My order',
  fair: 'Fair turns',
};

/** One line under the picker saying what the chosen order does, where its name does not. */
const QUEUE_ORDER_HINTS: Partial<Record<QueueOrder, string>> = {
  fair: 'One song per person per round, each round in the order asked.',
};

interface QueueOrderSelectProps {
  onError(message: string): void;
}

/** How the waiting requests are ordered; every device follows (the profile's queue_order). */
export function QueueOrderSelect({ onError }: QueueOrderSelectProps) {
  const id = useId();
  const saved = useAuthStore((s) => s.musician?.queue_order ?? 'arrival');
  const [pending, setPending] = useState<QueueOrder | null>(null);

  async function choose(next: QueueOrder) {
    setPending(next);
    try {
      useAuthStore.getState().setMusician(await profileApi.update({ queue_order: next }));
    } catch (error) {
      onError(errorMessage(error, messages.queueOrderFailed));
    } finally {
      setPending(null);
    }
  }

  const hint = QUEUE_ORDER_HINTS[pending ?? saved];
  return (
    <div className="queue-order">
      <label htmlFor={id}>Queue order</label>
      <select
        id={id}
        value={pending ?? saved}
        disabled={pending !== null}
        onChange={(event) => void choose(event.target.value as QueueOrder)}
      >
        {QUEUE_ORDERS.map((order) => (
          <option key={order} value={order}>
            {QUEUE_ORDER_LABELS[order]}
          </option>
        ))}
      </select>
      {hint && <p className="queue-order-hint">{hint}</p>}
    </div>
  );
}
