import { api } from '#client/lib/api-client.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';
import { SongRequest, UpdatesResponse, type RequestStatus } from '#shared/schemas/request.ts';

export const requestsApi = {
  /** Requests and suggestions in one answer: the first load, the polling fallback, a resync. */
  updates: (musicianId: string) =>
    api.get(`/requests/updates/${encodeURIComponent(musicianId)}`, UpdatesResponse),
  setStatus: (id: string, status: RequestStatus) =>
    api.put(`/requests/${encodeURIComponent(id)}/status`, SongRequest, { status }),
  delete: (id: string) => api.delete(`/requests/${encodeURIComponent(id)}`, SuccessResponse),
  /**
   * The same PUT, with the token of the session that made the move (a sign-out during the undo
   * window must not lose it) and `keepalive`, so the browser still sends it while the page closes.
   */
  setStatusAs: (token: string, id: string, status: RequestStatus, keepalive: boolean) =>
    api.put(
      `/requests/${encodeURIComponent(id)}/status`,
      SongRequest,
      { status },
      { token, keepalive },
    ),
};
