import { api } from '#client/lib/api-client.ts';
import { BlockedRequester, BlockedRequestersResponse } from '#shared/schemas/blocked-requester.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';

/** The musician's blocklist: block a request's requester, list them, unblock. */
export const blocklistApi = {
  block: (requestId: string) =>
    api.post('/blocked-requesters', BlockedRequester, { request_id: requestId }),
  list: () => api.get('/blocked-requesters', BlockedRequestersResponse),
  unblock: (id: string) =>
    api.delete(`/blocked-requesters/${encodeURIComponent(id)}`, SuccessResponse),
};
