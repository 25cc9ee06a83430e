import { api } from '../../app/api-client.ts';
import { Musician, type ProfileUpdateBody } from '../../../../shared/src/schemas/musician.ts';

export const profileApi = {
  update: (body: ProfileUpdateBody) => api.put('/profile', Musician, body),
};
