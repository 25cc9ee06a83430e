import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '../../../shared/src/schemas/auth.ts';
import type { Song, SongInput } from '../../../shared/src/schemas/song.ts';

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
