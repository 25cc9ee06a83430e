import { api } from '#client/lib/api-client.ts';
import { PublicMusician } from '#shared/schemas/musician.ts';
import { PublicSongListResponse } from '#shared/schemas/song.ts';

const base = (slug: string) => `/musicians/${encodeURIComponent(slug)}`;

export const audienceApi = {
  musician: (slug: string) => api.get(base(slug), PublicMusician),
  songs: (slug: string) => api.get(`${base(slug)}/songs`, PublicSongListResponse),
};
