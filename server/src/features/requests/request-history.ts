import { ALL_REQUESTS_SHOWN, COMPLETED_SHOWN } from '#shared/limits.ts';
import type { RequestsPageQuery, SongRequest } from '#shared/schemas/request.ts';
import type { DeletedRequests } from '#server/events/deleted-requests.ts';
import { beforeCursor, parseBefore, parseSince, sinceCursor } from './request-cursor.ts';
import type { RequestsRepository } from './requests-repository.ts';

/**
 * Changes are read from a little before the last poll: a row's updated_at is set before its
 * transaction commits (and by the clock of whichever server process wrote it), so a row
 * committed just after a poll may carry an earlier time. Sending a few rows twice is harmless:
 * devices keep the newer copy.
 */
export const SINCE_OVERLAP_MS = 5_000;
/** The same margin for deletions, which carry the time of the server process that saw them. */
const DELETED_OVERLAP_MS = 30_000;
const OLDER_PAGE_DEFAULT = ALL_REQUESTS_SHOWN;

export interface RequestsPage {
  requests: SongRequest[];
  next_since?: string;
  next_before?: string | null;
  deleted_ids?: string[];
  complete?: boolean;
}

/**
 * One answer of the paged request lists. Without a cursor: the working set, complete. With
 * `since`: what changed after it and which ids were deleted (or, for a cursor older than the
 * deletion memory, the working set again, complete). With `before`: one page of older history.
 */
export async function requestsPage(
  deps: { requests: RequestsRepository; deleted: DeletedRequests },
  musicianId: string,
  query: RequestsPageQuery,
): Promise<RequestsPage> {
  if (query.before) {
    const page = await deps.requests.olderThan(
      musicianId,
      parseBefore(query.before),
      query.limit ?? OLDER_PAGE_DEFAULT,
    );
    return { requests: page.requests, next_before: page.older && beforeCursor(page.older) };
  }
  const since = query.since ? parseSince(query.since) : undefined;
  // Read the clock before the rows: the next poll then starts no later than this one read.
  const issued = Date.now();
  const next_since = sinceCursor({ from: new Date(issued - SINCE_OVERLAP_MS), issued });
  const deleted_ids = since && deps.deleted.since(musicianId, since.issued, DELETED_OVERLAP_MS);
  if (since && deleted_ids) {
    const requests = await deps.requests.changedSince(musicianId, since.from);
    return { requests, next_since, deleted_ids, complete: false };
  }
  const set = await deps.requests.workingSet(musicianId, ALL_REQUESTS_SHOWN, COMPLETED_SHOWN);
  return {
    requests: set.requests,
    next_since,
    next_before: set.older && beforeCursor(set.older),
    deleted_ids: [],
    complete: true,
  };
}
