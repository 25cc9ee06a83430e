import type { FastifyInstance } from 'fastify';
import { pageRoom, type PageChange } from '#shared/realtime.ts';
import { DesignSettings } from '#shared/schemas/audience.ts';
import { PublicMusician, type Musician } from '#shared/schemas/musician.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { requestRoom, type AudienceNamespace } from './audience-namespace.ts';
import { trailingCoalescer } from './coalescer.ts';
import type { SlugDirectory } from './slug-directory.ts';

/**
 * A batch edit or an import is one refetch for every open page, not one per song. More than twice
 * SONG_LIST_MAX_AGE_MS (features/audience/song-list-cache.ts): a phone refetching on the push gets
 * a list read after the change, from any process.
 */
export const SONGS_CHANGED_COALESCE_MS = 500;
/** The venue screen is live within a second: a burst of queue changes is one refetch. */
const QUEUE_CHANGED_COALESCE_MS = 150;

/**
 * Marks a push for the refetches it causes (PUSH_VERSION_HEADER). The time makes it new; the
 * random part keeps two processes pushing in the same millisecond from sharing a mark.
 */
const pushVersion = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;

/**
 * What the public audience namespace hears: open pages `page:changed`, requesters the
 * `request:status` of the requests they follow. Payloads are built field by field (the statuses
 * by the requests service, the musician and the design through their public schemas), never
 * spread.
 */
export function audiencePushes(app: FastifyInstance, nsp: AudienceNamespace, slugs: SlugDirectory) {
  const { requests, songLists, publicQueues } = app.services;

  const toPage = (slug: string, change: PageChange) =>
    nsp.to(pageRoom(slug)).emit('page:changed', change);

  /** To the page of the musician's current slug, once it is known. */
  const toPageOf = (musicianId: string, change: PageChange) =>
    slugs.resolve(musicianId).then(
      (slug) => slug && toPage(slug, change),
      (err: unknown) => app.log.error({ err }, `could not push ${change.kind} change`),
    );

  // Its version marks a push: the answers read for it were read after the change.
  const songsChanged = trailingCoalescer<string>(SONGS_CHANGED_COALESCE_MS, (musicianId) =>
    toPageOf(musicianId, { kind: 'songs', version: pushVersion() }),
  );
  const queueChanged = trailingCoalescer<string>(QUEUE_CHANGED_COALESCE_MS, (musicianId) =>
    toPageOf(musicianId, { kind: 'queue', version: pushVersion() }),
  );

  return {
    /** The requester following this request hears its new status. */
    toRequester(request: SongRequest): void {
      nsp.to(requestRoom(request.id)).emit('request:status', requests.statusView(request));
    },

    /** Open pages of the musician, under the new slug and the previous one (they learn it). */
    profileChanged(musician: Musician, previousSlug: string | undefined): void {
      // The schema keeps the public fields only: no email, no dates.
      const change: PageChange = { kind: 'profile', musician: PublicMusician.parse(musician) };
      // Its queue may have been hidden, or moved to the new slug.
      publicQueues.forget(musician.id);
      toPage(musician.slug, change);
      if (previousSlug) {
        // The old slug redirects from now on, and its list is under the new one.
        songLists.forgetMoves();
        songLists.forget(musician.id);
        toPage(previousSlug, change);
      }
    },

    designChanged(musicianId: string, design: DesignSettings): void {
      // The schema of the public GET /musicians/{slug}/design: what it answers, nothing more.
      void toPageOf(musicianId, { kind: 'design', design: DesignSettings.parse(design) });
    },

    /**
     * Pages refetch their song list, once for a burst of changes; this process reads it again
     * from now on (the other processes' copies are younger than the push's wait).
     */
    songsChanged: (musicianId: string): void => {
      songLists.forget(musicianId);
      songsChanged.hit(musicianId);
    },

    /**
     * The venue screen and the Queue view refetch their public answer (issue 22 §5, §6). The
     * message names nothing: what they may show is decided by their routes.
     */
    queueChanged: (musicianId: string): void => {
      publicQueues.forget(musicianId);
      queueChanged.hit(musicianId);
    },

    close: () => {
      songsChanged.clear();
      queueChanged.clear();
    },
  };
}

export type AudiencePushes = ReturnType<typeof audiencePushes>;
