import { Musician, type ProfileUpdateBody } from '#shared/schemas/musician.ts';
import { api } from '#client/lib/api-client.ts';

export const profileApi = {
  get: () => api.get('/profile', Musician),
  update: (body: ProfileUpdateBody) => api.put('/profile', Musician, body),
};
