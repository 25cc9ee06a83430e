import { describe, expect, it } from 'vitest';
import type { Musician, PublicMusician } from '#shared/schemas/musician.ts';
import {
  createSong,
  registerMusician,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// The server's clock, moved by the tests: no test waits for a time to come.
let now = new Date('2026-11-25T20:00:00.000Z');
const { app } = await startTestApp({ clock: () => now });

const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00.000Z`).toISOString();

function putProfile(musician: TestMusician, payload: object) {
  return app.inject({ method: 'PUT', url: '/api/profile', headers: musician.auth, payload });
}

async function publicProfile(musician: TestMusician): Promise<PublicMusician> {
  const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}` });
  expect(res.statusCode).toBe(200);
  return res.json<PublicMusician>();
}

async function request(musician: TestMusician, headers: Record<string, string> = {}) {
  const song = await createSong(app, musician, { title: `Song ${Math.random()}` });
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    headers,
    payload: { song_id: song.id, requester_name: 'Alex', requester_email: 'alex@example.com' },
  });
}

describe('PUT /api/profile: the request window', () => {
  it('stores both times, answers them, and the public profile carries them', async () => {
    now = new Date(at('20:00'));
    const musician = await registerMusician(app);
    const saved = await updateProfile(app, musician, {
      requests_open_at: '2026-11-25T21:00:00Z',
      requests_close_at: '2026-11-25T23:30:00+01:00',
    });
    expect(saved).toMatchObject({
      requests_open_at: at('21:00'),
      requests_close_at: at('22:30'),
      requests_enabled: false,
    });
    const own = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(own.json<Musician>()).toMatchObject({
      requests_open_at: at('21:00'),
      requests_close_at: at('22:30'),
    });
    expect(await publicProfile(musician)).toMatchObject({
      requests_open_at: at('21:00'),
      requests_close_at: at('22:30'),
      requests_enabled: false,
    });

    const cleared = await updateProfile(app, musician, {
      requests_open_at: null,
      requests_close_at: null,
    });
    expect(cleared).toMatchObject({
      requests_open_at: null,
      requests_close_at: null,
      requests_enabled: true,
    });
  });

  it('refuses a time that is not one, a close before the open, and a time far off', async () => {
    now = new Date(at('20:00'));
    const musician = await registerMusician(app);
    for (const bad of [
      'tonight',
      '21:00',
      '2026-11-25T21:00',
      1234,
      true,
      {},
      '2026-13-45T99:00Z',
    ]) {
      const res = await putProfile(musician, { requests_close_at: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/date and time with its zone/);
    }
    const backwards = await putProfile(musician, {
      requests_open_at: at('22:00'),
      requests_close_at: at('21:00'),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ detail: string }>().detail).toBe(
      'Requests must close after they open. Choose a later closing time.',
    );

    // The stored open counts against a close sent alone.
    await updateProfile(app, musician, { requests_open_at: at('21:00') });
    const beforeStored = await putProfile(musician, { requests_close_at: at('20:30') });
    expect(beforeStored.statusCode).toBe(400);

    const farOff = await putProfile(musician, { requests_close_at: '2027-11-25T21:00:00Z' });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json<{ detail: string }>().detail).toBe(
      'Please choose a time within 30 days of now.',
    );
  });
});

describe('requests outside the window', () => {
  it('are off before the open, with when they open, in the reader’s language', async () => {
    now = new Date(at('20:00'));
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { requests_open_at: at('20:25') });

    const early = await request(musician);
    expect(early.statusCode).toBe(403);
    expect(early.json<{ detail: string }>().detail).toBe(
      'Song requests are currently disabled. They open in 25 minutes.',
    );
    const german = await request(musician, { 'accept-language': 'de' });
    expect(german.json<{ detail: string }>().detail).toBe(
      'Songwünsche sind gerade deaktiviert. Sie öffnen in 25 Minuten.',
    );

    now = new Date(at('20:25'));
    expect((await publicProfile(musician)).requests_enabled).toBe(true);
    expect((await request(musician)).statusCode).toBe(201);
  });

  it('are off after the close, saying how long ago they closed', async () => {
    now = new Date(at('20:00'));
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { requests_close_at: at('21:00') });
    expect((await request(musician)).statusCode).toBe(201);

    now = new Date(at('21:10'));
    expect((await publicProfile(musician)).requests_enabled).toBe(false);
    const late = await request(musician);
    expect(late.statusCode).toBe(403);
    expect(late.json<{ detail: string }>().detail).toBe(
      'Song requests are currently disabled. They closed 10 minutes ago.',
    );
  });

  it('the Requests switch is the base: off by hand stays off, on by hand lifts the bound', async () => {
    now = new Date(at('20:00'));
    const musician = await registerMusician(app);
    await updateProfile(app, musician, {
      requests_open_at: at('20:00'),
      requests_close_at: at('22:00'),
    });
    // Off by hand inside the window: the window does not turn it back on.
    await updateProfile(app, musician, { requests_enabled: false });
    now = new Date(at('21:00'));
    expect((await publicProfile(musician)).requests_enabled).toBe(false);
    const off = await request(musician);
    expect(off.json<{ detail: string }>().detail).toBe(
      'Song requests are currently disabled. Please try again later.',
    );

    // On by hand after the close: the close is lifted, requests are on.
    now = new Date(at('22:30'));
    const reopened = await updateProfile(app, musician, { requests_enabled: true });
    expect(reopened).toMatchObject({
      requests_enabled: true,
      requests_close_at: null,
      requests_open_at: at('20:00'),
    });
    expect((await request(musician)).statusCode).toBe(201);

    // On by hand before an open: the open is lifted.
    await updateProfile(app, musician, { requests_open_at: at('23:00') });
    const early = await updateProfile(app, musician, { requests_enabled: true });
    expect(early).toMatchObject({ requests_enabled: true, requests_open_at: null });
  });
});
