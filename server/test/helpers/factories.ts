import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type {
  CreatedTip,
  CreateTipBody,
  DesignSettingsUpdateBody,
} from '#shared/schemas/audience.ts';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import type { Musician, ProfileUpdateBody } from '#shared/schemas/musician.ts';
import type { CreatePlaylistBody, Playlist } from '#shared/schemas/playlist.ts';
import type { CreatedRequest, CreateRequestBody } from '#shared/schemas/request.ts';
import type { CurrentShowResponse } from '#shared/schemas/show.ts';
import type { Song, SongInput } from '#shared/schemas/song.ts';
import type { CreateSuggestionBody } from '#shared/schemas/suggestion.ts';
import type { DesignSettingsTable } from '#server/db/tables.ts';

export interface TestMusician extends AuthResponse {
  email: string;
  password: string;
  auth: { authorization: string };
}

let counter = 0;

/** A unique email per call, so tests never collide. */
export function uniqueEmail(prefix = 'musician'): string {
  return `${prefix}-${++counter}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function registerMusician(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestMusician> {
  const body = {
    name: overrides.name ?? `Test Band ${++counter}`,
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'correct horse 1',
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const data = res.json<AuthResponse>();
  return {
    ...data,
    email: body.email,
    password: body.password,
    auth: { authorization: `Bearer ${data.token}` },
  };
}

export async function createSong(
  app: FastifyInstance,
  musician: TestMusician,
  overrides: Partial<SongInput> = {},
): Promise<Song> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/songs',
    headers: musician.auth,
    payload: {
      title: 'Wonderwall',
      artist: 'Oasis',
      genres: ['Rock'],
      moods: [],
      year: 1995,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create song failed: ${res.statusCode} ${res.body}`);
  return res.json<Song>();
}

export async function submitRequest(
  app: FastifyInstance,
  song: Song,
  overrides: Partial<CreateRequestBody> = {},
  headers: Record<string, string> = {},
): Promise<CreatedRequest> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/requests',
    headers,
    payload: {
      song_id: song.id,
      requester_name: 'Alex',
      requester_email: 'alex@example.com',
      dedication: 'For Sam',
      tip_amount: 0,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedRequest>();
}

export async function startShow(
  app: FastifyInstance,
  musician: TestMusician,
  name = 'Friday Night',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shows/start',
    headers: musician.auth,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`start show failed: ${res.statusCode} ${res.body}`);
  return res.json<CurrentShowResponse>().show!;
}

/** A valid suggestion for the musician, with overrides (undefined removes a field). */
export function suggestionPayload(
  musician: TestMusician,
  overrides: Partial<CreateSuggestionBody> = {},
): Partial<CreateSuggestionBody> {
  return {
    musician_slug: musician.musician.slug,
    suggested_title: 'Valerie',
    suggested_artist: 'Amy Winehouse',
    requester_name: 'Jo',
    requester_email: 'jo@example.com',
    message: 'Please!',
    ...overrides,
  };
}

export async function submitSuggestion(
  app: FastifyInstance,
  musician: TestMusician,
  overrides: Partial<CreateSuggestionBody> = {},
): Promise<{ id: string; status: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/song-suggestions',
    payload: suggestionPayload(musician, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`suggestion failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createPlaylist(
  app: FastifyInstance,
  musician: TestMusician,
  overrides: Partial<CreatePlaylistBody> = {},
): Promise<Playlist> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/playlists',
    headers: musician.auth,
    payload: { name: `Set ${++counter}`, song_ids: [], ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`playlist failed: ${res.statusCode} ${res.body}`);
  return res.json<Playlist>();
}

/** Makes the playlist the one the audience page shows ('all_songs' goes back to every song). */
export async function activatePlaylist(
  app: FastifyInstance,
  musician: TestMusician,
  playlistId: string,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/playlists/${playlistId}/activate`,
    headers: musician.auth,
  });
  if (res.statusCode !== 200) throw new Error(`activate failed: ${res.statusCode} ${res.body}`);
}

export async function hideSong(app: FastifyInstance, musician: TestMusician, song: Song) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/songs/${song.id}/toggle-visibility`,
    headers: musician.auth,
  });
  if (!res.json<{ hidden: boolean }>().hidden) throw new Error('song was not hidden');
}

export async function updateProfile(
  app: FastifyInstance,
  musician: TestMusician,
  changes: ProfileUpdateBody,
): Promise<Musician> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: musician.auth,
    payload: changes,
  });
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.statusCode} ${res.body}`);
  return res.json<Musician>();
}

/** Every payment app set up (overrides turn some off or clear their usernames). */
export function paymentApps(overrides: ProfileUpdateBody = {}): ProfileUpdateBody {
  return {
    tips_enabled: true,
    venmo_username: 'band-venmo',
    paypal_username: 'BandPayPal',
    cash_app_username: 'BandCash',
    zelle_email: 'zelle@example.com',
    ...overrides,
  };
}

/** POST /musicians/{slug}/tips with a valid tip, with overrides; answers the raw response. */
export function postTip(
  app: FastifyInstance,
  musician: TestMusician,
  overrides: Partial<CreateTipBody> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/musicians/${musician.musician.slug}/tips`,
    headers,
    payload: {
      amount: 5,
      platform: 'venmo',
      tipper_name: 'Alex',
      message: 'Thanks for the music!',
      ...overrides,
    },
  });
}

export async function sendTip(
  app: FastifyInstance,
  musician: TestMusician,
  overrides: Partial<CreateTipBody> = {},
  headers: Record<string, string> = {},
): Promise<CreatedTip> {
  const res = await postTip(app, musician, overrides, headers);
  if (res.statusCode !== 201) throw new Error(`tip failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedTip>();
}

/** PUT /tips/{id}/received by the musician (or `headers`' caller); answers the raw response. */
export function putTipReceived(
  app: FastifyInstance,
  tipId: string,
  headers: Record<string, string>,
) {
  return app.inject({ method: 'PUT', url: `/api/tips/${tipId}/received`, headers });
}

/** A payment-app tip sent and marked received by the musician: money that arrived. */
export async function sendReceivedTip(
  app: FastifyInstance,
  musician: TestMusician,
  overrides: Partial<CreateTipBody> = {},
  headers: Record<string, string> = {},
): Promise<CreatedTip> {
  const tip = await sendTip(app, musician, overrides, headers);
  const res = await putTipReceived(app, tip.id, musician.auth);
  if (res.statusCode !== 200) throw new Error(`received failed: ${res.statusCode} ${res.body}`);
  return tip;
}

export async function setRequestStatus(
  app: FastifyInstance,
  musician: TestMusician,
  requestId: string,
  status: string,
) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/requests/${requestId}/status`,
    headers: musician.auth,
    payload: { status },
  });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
}

/** Saves a design for the musician straight into its table (the design editor has no route yet). */
export async function saveDesign(
  app: FastifyInstance,
  musician: TestMusician,
  values: Omit<Insertable<DesignSettingsTable>, 'musicianId'> = {},
): Promise<void> {
  await app.database.kysely
    .insertInto('designSettings')
    .values({ musicianId: musician.musician.id, ...values })
    .onConflict((conflict) => {
      const target = conflict.column('musicianId');
      return Object.keys(values).length > 0 ? target.doUpdateSet(values) : target.doNothing();
    })
    .execute();
}

/** PUT /api/design/settings; the raw answer, for tests of refusals as well. */
export function putDesign(
  app: FastifyInstance,
  musician: TestMusician,
  body: DesignSettingsUpdateBody,
) {
  return app.inject({
    method: 'PUT',
    url: '/api/design/settings',
    headers: musician.auth,
    payload: body,
  });
}
