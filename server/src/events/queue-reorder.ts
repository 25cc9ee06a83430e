/**
 * What a feature calls after a change that may reorder the queue: a tip (biggest tip first), a
 * queue_order chosen, requests deleted with their show or hidden with a blocked requester. The
 * requests feature renumbers the open requests and pushes every request whose place changed;
 * services.ts hands it in, so the features that call it need not know the requests feature.
 */
export interface QueueReorder {
  reorder(musicianId: string): Promise<void>;
}
