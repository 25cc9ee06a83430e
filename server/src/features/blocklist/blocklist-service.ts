import { messages } from '#shared/messages.ts';
import type { BlockedRequester } from '#shared/schemas/blocked-requester.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import type { QueueReorder } from '#server/events/queue-reorder.ts';
import { notFound } from '#server/http/errors.ts';
import { toBlockedRequester } from './blocked-requester-mapper.ts';
import type { BlocklistRepository } from './blocklist-repository.ts';

interface Deps {
  blocklist: BlocklistRepository;
  events: DomainEvents;
  /** The musician's view of a request (the requests repository's findById). */
  findRequest(requestId: string): Promise<SongRequest | undefined>;
  /** The blocked requester's waiting requests leave the queue: the rest close up at once. */
  queue?: QueueReorder;
}

/**
 * Requesters a musician blocked from their page. Their submissions are still answered like any
 * other (they cannot tell), but stored apart and never shown (see requests-service).
 */
export function blocklistService({ blocklist, events, findRequest, queue }: Deps) {
  return {
    list: async (musicianId: string): Promise<BlockedRequester[]> =>
      (await blocklist.list(musicianId)).map(toBlockedRequester),

    /**
     * Blocks the requester of the musician's request. Their waiting requests disappear from
     * every device (request:deleted), unless others had joined them: those stay, in the name of
     * the first who joined (request:updated). Requests they had +1'd lose that vote
     * (request:updated).
     */
    async block(musicianId: string, requestId: string): Promise<BlockedRequester> {
      const result = await blocklist.block(musicianId, requestId);
      if (!result) throw notFound(messages.requestNotFound);
      for (const id of result.hiddenRequestIds) {
        events.publish({ musicianId, name: 'request:deleted', payload: { id } });
      }
      for (const id of result.updatedRequestIds) {
        const updated = await findRequest(id);
        if (updated) events.publish({ musicianId, name: 'request:updated', payload: updated });
      }
      await queue?.reorder(musicianId);
      return toBlockedRequester(result.entry);
    },

    async unblock(musicianId: string, id: string): Promise<void> {
      if (!(await blocklist.unblock(musicianId, id))) {
        throw notFound(messages.blockedRequesterNotFound);
      }
    },
  };
}

export type BlocklistService = ReturnType<typeof blocklistService>;
