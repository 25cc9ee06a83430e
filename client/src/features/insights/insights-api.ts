import { z } from 'zod';
import { LearnNextResponse, type LearnNextSongRef } from '#shared/schemas/insights.ts';
import { Song } from '#shared/schemas/song.ts';
import { api } from '#client/lib/api-client.ts';

/** 204: nothing in the answer. */
const NoContent = z.undefined();

/** The song an action is about, as the list names it. */
const ref = ({ title, artist }: LearnNextSongRef): LearnNextSongRef => ({ title, artist });

export const insightsApi = {
  learnNext: () => api.get('/insights/learn-next', LearnNextResponse),
  addToSongs: (song: LearnNextSongRef) => api.post('/insights/learn-next/songs', Song, ref(song)),
  dismiss: (song: LearnNextSongRef) =>
    api.post('/insights/learn-next/dismissals', NoContent, ref(song)),
  restore: (song: LearnNextSongRef) =>
    api.delete(`/insights/learn-next/dismissals?${new URLSearchParams(ref(song))}`, NoContent),
};
