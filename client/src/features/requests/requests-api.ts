import { api } from '#client/lib/api-client.ts';
import { AppTip } from '#shared/schemas/audience.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';
import {
  RequestsResponse,
  SongRequest,
  UpdatesResponse,
  type RequestStatus,
} from '#shared/schemas/request.ts';

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const requestsApi = {
  /** Requests and suggestions in one answer: the first load, the polling fallback, a resync. */
  updates: (musicianId: string, since?: string) =>
    api.get(
      `/requests/updates/${encodeURIComponent(musicianId)}${query({ since })}`,
      UpdatesResponse,
    ),
  /** One page of older history (the Requests tab's "load older"), from a `next_before`. */
  older: (musicianId: string, before: string) =>
    api.get(
      `/requests/musician/${encodeURIComponent(musicianId)}${query({ before })}`,
      RequestsResponse,
    ),
  setStatus: (id: string, status: RequestStatus) =>
    api.put(`/requests/${encodeURIComponent(id)}/status`, SongRequest, { status }),
  /** PUT /requests/{id}/position: right after `afterId` in its column; null puts it first. */
  move: (id: string, afterId: string | null) =>
    api.put(`/requests/${encodeURIComponent(id)}/position`, SongRequest, { after_id: afterId }),
  /** PUT /tips/{id}/received: the musician says a payment-app tip on a request arrived. */
  markTipReceived: (tipId: string) =>
    api.put(`/tips/${encodeURIComponent(tipId)}/received`, AppTip, {}),
  delete: (id: string) => api.delete(`/requests/${encodeURIComponent(id)}`, SuccessResponse),
  /**
   * The same PUT, with the token of the session that made the move (its Undo after a sign-out
   * goes with it) and `keepalive`, so the browser still sends it while the page closes.
   */
  setStatusAs: (token: string, id: string, status: RequestStatus, keepalive: boolean) =>
    api.put(
      `/requests/${encodeURIComponent(id)}/status`,
      SongRequest,
      { status },
      { token, keepalive },
    ),
};
