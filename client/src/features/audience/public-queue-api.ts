import type { PublicQueueResponse, VoteBody, VoteResponse } from '#shared/schemas/public-queue.ts';
import { PUSH_VERSION_HEADER } from '#shared/realtime.ts';
import { routedTo } from './audience-api.ts';
import { audienceFetch, postSubmission } from './audience-submit.ts';

/** The queue in the open (issue 22 §6): the public queue, and a +1 on one of its requests. */
export const publicQueueApi = {
  /** On a refetch a `queue` push caused, naming its version: one read serves the whole crowd. */
  queue: (slug: string, version?: string) =>
    audienceFetch(
      `/musicians/${encodeURIComponent(slug)}/queue`,
      version ? { headers: { [PUSH_VERSION_HEADER]: version } } : undefined,
    ) as Promise<PublicQueueResponse>,
  /**
   * With the phone's device id (one +1 per phone as per email) and a key for a retried tap,
   * routed to the musician's process (routedTo).
   */
  vote: (requestId: string, voter: VoteBody, musicianId: string | undefined) =>
    postSubmission(
      routedTo(`/requests/${encodeURIComponent(requestId)}/vote`, musicianId),
      voter,
      crypto.randomUUID(),
    ) as Promise<VoteResponse>,
};
