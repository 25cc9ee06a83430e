import type {
  AccessCheckResponse,
  DesignSettings,
  RequestStatusView,
  TipLinksResponse,
} from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { PublicPlaylist } from '#shared/schemas/playlist.ts';
import type { PushSubscribed, PushSubscriptionBody } from '#shared/schemas/push-notifications.ts';
import { TIME_ZONE_HEADER } from '#shared/limits.ts';
import { MUSICIAN_ROUTE_PARAM, PUSH_VERSION_HEADER } from '#shared/realtime.ts';
import type { ShowRecap } from '#shared/schemas/show-recap.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import { audienceFetch, phoneTimeZone } from './audience-submit.ts';

/**
 * The audience page's reads. No schema checks here (the page carries no validation library):
 * the answers are the contract of shared/src/schemas, which the server's response schemas
 * enforce on the way out. They ask in the page's language (audienceFetch), so an error's detail
 * comes back in it.
 */
const base = (slug: string) => `/musicians/${encodeURIComponent(slug)}`;

export const audienceApi = {
  musician: (slug: string) => audienceFetch(base(slug)) as Promise<PublicMusician>,
  design: (slug: string) => audienceFetch(`${base(slug)}/design`) as Promise<DesignSettings>,
  accessCheck: (slug: string) =>
    audienceFetch(`${base(slug)}/access-check`) as Promise<AccessCheckResponse>,
  /** Without a playlist: the active one's songs (all when none is active). The filters' values
   * come from these songs (filterOptionsOf), not from GET /filters: they are what is shown. */
  songs: (slug: string, playlist?: string, version?: string) =>
    audienceFetch(
      `${base(slug)}/songs${playlist ? `?playlist=${encodeURIComponent(playlist)}` : ''}`,
      // The push's version, on a refetch it caused: the server reads the list once for every
      // phone (the browser still revalidates its copy with If-None-Match).
      version ? { headers: { [PUSH_VERSION_HEADER]: version } } : undefined,
    ) as Promise<PublicSong[]>,
  playlists: (slug: string) =>
    audienceFetch(`${base(slug)}/playlists`) as Promise<PublicPlaylist[]>,
  tipLinks: (slug: string, amount: number, message: string) =>
    audienceFetch(
      `${base(slug)}/tip-links?${new URLSearchParams({ amount: String(amount), message })}`,
    ) as Promise<TipLinksResponse>,
  /** After the show: what was played (404 unless the musician shares it and it has ended). */
  showRecap: (slug: string, showId: string) =>
    audienceFetch(`${base(slug)}/shows/${encodeURIComponent(showId)}/recap`) as Promise<ShowRecap>,
  requestStatus: (token: string) =>
    audienceFetch(`/request-status/${encodeURIComponent(token)}`) as Promise<RequestStatusView>,
  /**
   * This phone's push subscription for one request (issue 47), with the page's language (its
   * pushes are worded in it) and time zone (a "Played at 9:40 PM" on this clock).
   */
  subscribePush: (token: string, subscription: PushSubscriptionBody) =>
    audienceFetch(`/request-status/${encodeURIComponent(token)}/push`, {
      method: 'POST',
      body: subscription,
      headers: { [TIME_ZONE_HEADER]: phoneTimeZone() },
    }) as Promise<PushSubscribed>,
  trackClick: (requestId: string, type: 'tip' | 'social', platform: string) =>
    audienceFetch(`/requests/${encodeURIComponent(requestId)}/track-click`, {
      method: 'POST',
      body: { type, platform },
    }),
};

/**
 * A write names its musician (MUSICIAN_ROUTE_PARAM): behind several server processes the balancer
 * hands it to the one that holds the musician's devices, whose events it makes. Only a hint for
 * routing; the server reads nothing from it.
 */
export const routedTo = (path: string, musicianId: string | undefined) =>
  musicianId ? `${path}?${MUSICIAN_ROUTE_PARAM}=${encodeURIComponent(musicianId)}` : path;

/** Submissions go through the outbox (audience-outbox.ts), which owns their keys. */
export const submissionPaths = {
  request: (musicianId: string | undefined) => routedTo('/requests', musicianId),
  suggestion: (musicianId: string | undefined) => routedTo('/song-suggestions', musicianId),
  tip: (slug: string, musicianId: string | undefined) => routedTo(`${base(slug)}/tips`, musicianId),
};
