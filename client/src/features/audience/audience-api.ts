import { fetchJson } from '#client/lib/api-fetch.ts';
import type {
  AccessCheckResponse,
  DesignSettings,
  RequestStatusView,
  TipLinksResponse,
} from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { PublicPlaylist } from '#shared/schemas/playlist.ts';
import type { FilterOptions, PublicSong } from '#shared/schemas/song.ts';

/**
 * The audience page's reads. No schema checks here (the page carries no validation library):
 * the answers are the contract of shared/src/schemas, which the server's response schemas
 * enforce on the way out.
 */
const base = (slug: string) => `/musicians/${encodeURIComponent(slug)}`;

export const audienceApi = {
  musician: (slug: string) => fetchJson(base(slug)) as Promise<PublicMusician>,
  design: (slug: string) => fetchJson(`${base(slug)}/design`) as Promise<DesignSettings>,
  accessCheck: (slug: string) =>
    fetchJson(`${base(slug)}/access-check`) as Promise<AccessCheckResponse>,
  /** Without a playlist: the active one's songs (all when none is active). */
  songs: (slug: string, playlist?: string) =>
    fetchJson(
      `${base(slug)}/songs${playlist ? `?playlist=${encodeURIComponent(playlist)}` : ''}`,
    ) as Promise<PublicSong[]>,
  filters: (slug: string) => fetchJson(`${base(slug)}/filters`) as Promise<FilterOptions>,
  playlists: (slug: string) => fetchJson(`${base(slug)}/playlists`) as Promise<PublicPlaylist[]>,
  tipLinks: (slug: string, amount: number, message: string) =>
    fetchJson(
      `${base(slug)}/tip-links?${new URLSearchParams({ amount: String(amount), message })}`,
    ) as Promise<TipLinksResponse>,
  requestStatus: (token: string) =>
    fetchJson(`/request-status/${encodeURIComponent(token)}`) as Promise<RequestStatusView>,
  trackClick: (requestId: string, type: 'tip' | 'social', platform: string) =>
    fetchJson(`/requests/${encodeURIComponent(requestId)}/track-click`, {
      method: 'POST',
      body: { type, platform },
    }),
};

/** Submissions go through the outbox (audience-outbox.ts), which owns their keys. */
export const submissionPaths = {
  request: '/requests',
  suggestion: '/song-suggestions',
  tip: (slug: string) => `${base(slug)}/tips`,
};
