import { api } from '#client/app/api-client.ts';
import { Musician, type ProfileUpdateBody } from '#shared/schemas/musician.ts';

export const profileApi = {
  update: (body: ProfileUpdateBody) => api.put('/profile', Musician, body),
};
