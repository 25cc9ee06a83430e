import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import { STATUS_TOAST_MS } from '#shared/limits.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useToast } from '#client/lib/use-toast.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { requestsApi } from './requests-api.ts';
import { makeFinalMove } from './pending-moves-store.ts';
import { useRequestsStore } from './requests-store.ts';

/**
 * Status changes and deletions with their 3-second toasts; the store takes the answer. Played
 * and Reject are sent at once and keep an Undo for a while (pending-moves).
 */
export function useRequestActions() {
  const { toast, show } = useToast(STATUS_TOAST_MS);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  async function run(ids: readonly string[], action: (id: string) => Promise<void>) {
    setBusyIds((busy) => new Set([...busy, ...ids]));
    try {
      await Promise.all(ids.map(action));
      return true;
    } finally {
      setBusyIds((busy) => new Set([...busy].filter((id) => !ids.includes(id))));
    }
  }

  async function setStatus(requests: readonly SongRequest[], status: RequestStatus) {
    if (!useAuthStore.getState().token) return show(messages.requestStatusNeedsLogin, 'error');
    if (status === 'played' || status === 'rejected') {
      makeFinalMove(requests, status);
      return;
    }
    try {
      await run(
        requests.map((request) => request.id),
        async (id) => useRequestsStore.getState().upsert(await requestsApi.setStatus(id, status)),
      );
      show(messages.requestMovedUpNext);
    } catch (error) {
      show(errorMessage(error, messages.requestStatusFailed), 'error');
    }
  }

  /** "Move to top" / "Move to bottom": the others' new places arrive live (or by the next poll). */
  async function move(request: SongRequest, afterId: string | null) {
    try {
      await run([request.id], async (id) =>
        useRequestsStore.getState().upsert(await requestsApi.move(id, afterId)),
      );
    } catch (error) {
      show(errorMessage(error, messages.queueMoveFailed), 'error');
    }
  }

  async function remove(requests: readonly SongRequest[]) {
    try {
      await run(
        requests.map((request) => request.id),
        async (id) => {
          await requestsApi.delete(id);
          useRequestsStore.getState().remove(id);
        },
      );
      show(messages.requestDeleted);
    } catch (error) {
      show(errorMessage(error, messages.requestDeleteFailed), 'error');
    }
  }

  return {
    toast,
    showToast: show,
    busy: (id: string) => busyIds.has(id),
    setStatus: (requests: readonly SongRequest[], status: RequestStatus) =>
      void setStatus(requests, status),
    remove: (requests: readonly SongRequest[]) => void remove(requests),
    move: (request: SongRequest, afterId: string | null) => void move(request, afterId),
  };
}

export type RequestActions = ReturnType<typeof useRequestActions>;
