import { Musician, type ProfileUpdateBody } from '#shared/schemas/musician.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import { api } from '#client/lib/api-client.ts';

/**
 * The signed-in musician's own record and the session's end: what the dashboard, the stage
 * screen, the Design tab and the live wiring all read or save. The account's own forms (email,
 * password, deletion, slug check) call features/profile/account-api.ts.
 */
export const profileApi = {
  get: () => api.get('/profile', Musician),
  update: (body: ProfileUpdateBody) => api.put('/profile', Musician, body),
  logout: () => api.post('/auth/logout', MessageResponse),
};
