import type { APIRequestContext } from '@playwright/test';
import { AuthResponse } from '#shared/schemas/auth.ts';

export interface MusicianData {
  name: string;
  email: string;
  password: string;
}

export interface RegisteredMusician extends MusicianData {
  token: string;
  slug: string;
}

let counter = 0;

/** A musician nobody has registered yet: each call gets a new email. */
export function newMusicianData(overrides: Partial<MusicianData> = {}): MusicianData {
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
  return {
    name: `Test Band ${unique}`,
    email: `musician-${unique}@example.com`,
    password: `correct horse ${unique}`,
    ...overrides,
  };
}

/** Registers through the API, for tests whose subject is not the sign-up form. */
export async function registerByApi(
  request: APIRequestContext,
  data: MusicianData,
): Promise<RegisteredMusician> {
  const response = await request.post('/api/auth/register', { data });
  if (response.status() !== 201) {
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  }
  const body = AuthResponse.parse(await response.json());
  return { ...data, token: body.token, slug: body.musician.slug };
}

/** A song as the musician adds it. */
export interface SongData {
  title: string;
  artist: string;
  year?: number | null;
  genres?: string[];
  moods?: string[];
  notes?: string;
  /** "m:ss" as the song form takes it, or seconds. */
  duration_seconds?: string | number | null;
}

/** What `PUT /profile` takes: payment apps, links, tips and requests on or off. */
export type ProfileChanges = Record<string, string | boolean | null>;

export async function addSongByApi(
  request: APIRequestContext,
  token: string,
  song: SongData,
): Promise<string> {
  const response = await request.post('/api/songs', {
    headers: { authorization: `Bearer ${token}` },
    data: song,
  });
  if (response.status() !== 201) {
    throw new Error(`add song failed: ${response.status()} ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
}

/** PUT /profile as the musician (payment apps, links, tips and requests on or off). */
export async function updateProfileByApi(
  request: APIRequestContext,
  token: string,
  changes: ProfileChanges,
): Promise<void> {
  const response = await request.put('/api/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: changes,
  });
  if (!response.ok()) {
    throw new Error(`profile update failed: ${response.status()} ${await response.text()}`);
  }
}

/** A musician who takes tips on every app, with every social and listening link. */
export const FULL_PROFILE = {
  bio: 'Acoustic covers, every Friday.',
  website: 'band.example.com',
  venmo_username: 'band-venmo',
  paypal_username: 'bandpaypal',
  cash_app_username: 'bandcash',
  zelle_email: 'zelle@band.example.com',
  zelle_phone: '555-0100',
  instagram_username: 'band_ig',
  facebook_username: 'bandfb',
  tiktok_username: 'bandtok',
  spotify_artist_url: 'https://open.spotify.com/artist/band',
  apple_music_artist_url: 'https://music.apple.com/artist/band',
} as const;

/** Adds the songs one after another (so their order is the order they were added); their ids. */
export async function addSongsByApi<const S extends readonly SongData[]>(
  request: APIRequestContext,
  token: string,
  songs: S | undefined,
): Promise<{ [K in keyof S]: string }> {
  const ids: string[] = [];
  for (const song of songs ?? []) ids.push(await addSongByApi(request, token, song));
  return ids as { [K in keyof S]: string };
}
