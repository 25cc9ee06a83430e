import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  createSong,
  registerMusician,
  suggestionPayload,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();
const NUL = '\u0000';

interface Probe {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: Record<string, unknown>;
  auth?: boolean;
}

/** Inputs that answered 500 with a NUL in them: every kind of route, body, query and path. */
function probes(musician: TestMusician, songId: string): Probe[] {
  const slug = musician.musician.slug;
  return [
    { method: 'PUT', url: '/api/profile', payload: { name: `Band${NUL}` }, auth: true },
    { method: 'PUT', url: '/api/profile', payload: { bio: `Hi${NUL}` }, auth: true },
    {
      method: 'POST',
      url: '/api/songs',
      payload: { title: `Song${NUL}`, artist: 'A', genres: [], moods: [] },
      auth: true,
    },
    {
      method: 'POST',
      url: '/api/songs',
      payload: { title: 'Song', artist: 'A', genres: [`Rock${NUL}`], moods: [] },
      auth: true,
    },
    { method: 'POST', url: '/api/playlists', payload: { name: `List${NUL}` }, auth: true },
    { method: 'POST', url: '/api/shows/start', payload: { name: `Show${NUL}` }, auth: true },
    {
      method: 'POST',
      url: '/api/requests',
      payload: {
        song_id: songId,
        requester_name: `Al${NUL}ex`,
        requester_email: 'alex@example.com',
        dedication: '',
        tip_amount: 0,
      },
    },
    {
      method: 'POST',
      url: '/api/requests',
      payload: {
        song_id: songId,
        requester_name: 'Alex',
        requester_email: 'alex@example.com',
        dedication: `For${NUL}Sam`,
        tip_amount: 0,
      },
    },
    {
      method: 'POST',
      url: '/api/song-suggestions',
      payload: suggestionPayload(musician, { suggested_title: `Valerie${NUL}` }),
    },
    { method: 'GET', url: `/api/musicians/${slug}/songs?search=a%00b` },
    { method: 'GET', url: `/api/musicians/${slug}/songs?genre=Rock%00` },
    { method: 'GET', url: `/api/musicians/${slug}%00/songs` },
    { method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: `pw${NUL}` } },
    {
      method: 'POST',
      url: '/api/contact',
      payload: { name: `N${NUL}`, email: 'a@b.co', message: 'm' },
    },
  ];
}

describe('a NUL character (U+0000) in any input', () => {
  it('is refused with 400 and a detail a person can act on, never a 500', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    for (const probe of probes(musician, song.id)) {
      const res = await app.inject({
        method: probe.method,
        url: probe.url,
        payload: probe.payload,
        headers: probe.auth ? musician.auth : {},
      });
      expect({ url: probe.url, status: res.statusCode }).toEqual({ url: probe.url, status: 400 });
      expect(res.json()).toEqual({ detail: messages.textHasNulCharacter });
    }
  });

  it('changes nothing: the musician and the queue are as they were', async () => {
    const musician = await registerMusician(app, { name: 'Clean Name' });
    const song = await createSong(app, musician);
    for (const probe of probes(musician, song.id)) {
      await app.inject({
        method: probe.method,
        url: probe.url,
        payload: probe.payload,
        headers: probe.auth ? musician.auth : {},
      });
    }
    const profile = await app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: musician.auth,
    });
    expect(profile.json()).toMatchObject({ name: 'Clean Name' });
    const queue = await app.inject({
      method: 'GET',
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    });
    expect(queue.json().requests).toEqual([]);
  });

  it('is still accepted as ordinary text around it: emoji and accents pass', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { name: 'Zoë & the 🎸s' },
    });
    expect(res.statusCode).toBe(200);
  });
});
