import {
  Musician,
  SlugAvailabilityResponse,
  type ProfileUpdateBody,
} from '#shared/schemas/musician.ts';
import { api } from '#client/lib/api-client.ts';

/**
 * The signed-in musician's own record (the server's features/profile routes): what the
 * dashboard, the stage screen, the Design and Profile tabs and the live wiring read or save.
 * Email, password and deletion are the account's (features/profile/account-api.ts).
 */
export const profileApi = {
  get: () => api.get('/profile', Musician),
  update: (body: ProfileUpdateBody) => api.put('/profile', Musician, body),
  slugAvailable: (slug: string) =>
    api.get(`/profile/slug-available?slug=${encodeURIComponent(slug)}`, SlugAvailabilityResponse),
};
