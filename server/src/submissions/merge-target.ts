// Which request takes another person's ask for its song as a +1, one definition: the request's
// admission (features/requests) files the +1 on it, and the public queue (features/public-queue)
// offers a +1 only on it.

/** An open request of the song, as the rule reads it. */
export interface OpenRequestOfSong {
  id: string;
  showId: string | null;
  blocked: boolean;
  createdAt: Date;
}

/**
 * The oldest open request of the song in the running show (or, with none running, outside any
 * show), never a blocked requester's: last week's forgotten request does not swallow tonight's.
 */
export function mergeTarget<Request extends OpenRequestOfSong>(
  openOfSong: readonly Request[],
  runningShowId: string | null,
): Request | undefined {
  return openOfSong
    .filter((request) => !request.blocked && request.showId === runningShowId)
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )[0];
}
