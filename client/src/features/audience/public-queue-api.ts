import type { PublicQueueResponse, VoteBody, VoteResponse } from '#shared/schemas/public-queue.ts';
import { audienceFetch, postSubmission } from './audience-submit.ts';

/** The queue in the open (issue 22 §6): the public queue, and a +1 on one of its requests. */
export const publicQueueApi = {
  queue: (slug: string) =>
    audienceFetch(`/musicians/${encodeURIComponent(slug)}/queue`) as Promise<PublicQueueResponse>,
  /** With the phone's device id (one +1 per phone as per email) and a key for a retried tap. */
  vote: (requestId: string, voter: VoteBody) =>
    postSubmission(
      `/requests/${encodeURIComponent(requestId)}/vote`,
      voter,
      crypto.randomUUID(),
    ) as Promise<VoteResponse>,
};
