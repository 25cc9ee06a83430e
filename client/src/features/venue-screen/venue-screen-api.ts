import { fetchJson } from '#client/lib/api-fetch.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { VenueScreenResponse } from '#shared/schemas/public-queue.ts';

/**
 * The venue screen's reads, all public (no session): the profile (name, request window, whether
 * the screen is on), the design (colour scheme) and the screen's queue. Unchecked: the server's
 * response schemas are the contract.
 */
const base = (slug: string) => `/musicians/${encodeURIComponent(slug)}`;

export const venueScreenApi = {
  musician: (slug: string) => fetchJson(base(slug), { anonymous: true }) as Promise<PublicMusician>,
  design: (slug: string) =>
    fetchJson(`${base(slug)}/design`, { anonymous: true }) as Promise<DesignSettings>,
  screen: (slug: string) =>
    fetchJson(`${base(slug)}/screen`, { anonymous: true }) as Promise<VenueScreenResponse>,
};
