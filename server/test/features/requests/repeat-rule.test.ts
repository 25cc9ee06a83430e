import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import type { PublicSong, Song } from '#shared/schemas/song.ts';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { requestsRepository } from '#server/features/requests/requests-repository.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// No repeats (issue 22 §4): under "show" a song played in the running show cannot be asked for
// again; under "hours", not within that many hours. The refusal is a 409 with the time it was
// played on the phone's clock; the public song list says which songs are held back or coming up.

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await startTestApp());
});

const request = (song: Song, headers: Record<string, string> = {}, email = 'kim@example.com') =>
  app.inject({
    method: 'POST',
    url: '/api/requests',
    headers,
    payload: { song_id: song.id, requester_name: 'Kim', requester_email: email },
  });

const putProfile = (musician: TestMusician, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/profile', headers: musician.auth, payload });

async function played(musician: TestMusician, song: Song): Promise<CreatedRequest> {
  const created = await submitRequest(app, song, { requester_email: 'first@example.com' });
  await setRequestStatus(app, musician, created.id, 'played');
  return created;
}

/** Moves when a request was played (the database's clock cannot be set; the row can). */
/** Moves a play back in time behind the app's back, so its song list cache is told as well. */
async function playedAt(requestId: string, at: Date) {
  const row = await app.database.kysely
    .updateTable('requests')
    .set({ playedAt: at })
    .where('id', '=', requestId)
    .returning('musicianId')
    .executeTakeFirstOrThrow();
  app.services.songLists.forget(row.musicianId);
}

/** Tokyo keeps no summer time: its clock is always UTC+9. */
const TOKYO_OFFSET_HOURS = 9;

/** Today at this hour and minute on a clock `offsetHours` ahead of UTC (today on that clock). */
function todayAt(hours: number, minutes: number, offsetHours = 0): Date {
  const there = new Date(Date.now() + offsetHours * 3600_000);
  there.setUTCHours(hours, minutes, 0, 0);
  return new Date(there.getTime() - offsetHours * 3600_000);
}

async function publicSongs(musician: TestMusician): Promise<PublicSong[]> {
  const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs` });
  expect(res.statusCode).toBe(200);
  return res.json<PublicSong[]>();
}

async function setup(rule: Record<string, unknown> = {}) {
  const musician = await registerMusician(app);
  const song = await createSong(app, musician, { title: 'Yellow', artist: 'Coldplay' });
  const other = await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
  if (Object.keys(rule).length > 0) await updateProfile(app, musician, rule);
  return { musician, song, other };
}

describe('PUT /api/profile repeat_rule', () => {
  it('defaults to allow and returns what was saved', async () => {
    const musician = await registerMusician(app);
    const profile = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(profile.json<Musician>()).toMatchObject({ repeat_rule: 'allow', repeat_hours: 3 });

    const saved = await updateProfile(app, musician, { repeat_rule: 'hours', repeat_hours: 5 });
    expect(saved).toMatchObject({ repeat_rule: 'hours', repeat_hours: 5 });
    const again = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(again.json<Musician>()).toMatchObject({ repeat_rule: 'hours', repeat_hours: 5 });
    expect(await updateProfile(app, musician, { repeat_rule: 'show' })).toMatchObject({
      repeat_rule: 'show',
      repeat_hours: 5,
    });
  });

  it('refuses a rule or hours out of range with a sentence', async () => {
    const musician = await registerMusician(app);
    for (const payload of [
      { repeat_rule: 'hours' },
      { repeat_rule: 'hours', repeat_hours: 0 },
      { repeat_rule: 'hours', repeat_hours: 73 },
      { repeat_rule: 'hours', repeat_hours: 2.5 },
      { repeat_rule: 'hours', repeat_hours: '3' },
      { repeat_hours: -1 },
    ]) {
      const res = await putProfile(musician, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ detail: messages.repeatHoursInvalid });
    }
    const rule = await putProfile(musician, { repeat_rule: 'never' });
    expect(rule.statusCode).toBe(400);
    expect(rule.json()).toEqual({ detail: messages.repeatRuleInvalid });
    const profile = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(profile.json<Musician>()).toMatchObject({ repeat_rule: 'allow', repeat_hours: 3 });
  });
});

describe('the "allow" rule (the default)', () => {
  it('takes a request for a song already played', async () => {
    const { musician, song } = await setup();
    await startShow(app, musician);
    await played(musician, song);
    expect((await request(song)).statusCode).toBe(201);
    expect((await publicSongs(musician)).every((s) => !s.played_at && !s.coming_up)).toBe(true);
  });
});

describe('the "show" rule', () => {
  it('refuses a song played in the running show with the time, and takes others', async () => {
    const { musician, song, other } = await setup({ repeat_rule: 'show' });
    await startShow(app, musician);
    const first = await played(musician, song);
    await playedAt(first.id, todayAt(21, 40));

    const refused = await request(song, { 'x-time-zone': 'UTC' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This song was already played at 9:40 PM. Please choose another song.',
      // Something else to ask for (request-alternatives.test.ts has the rest).
      alternatives: [expect.objectContaining({ id: other.id, title: 'Creep' })],
    });
    expect((await request(other)).statusCode).toBe(201);

    const [listed] = (await publicSongs(musician)).filter((s) => s.id === song.id);
    expect(listed!.played_at).toMatch(/T21:40:00\.000Z$/);
    expect(listed!.coming_up).toBeUndefined();
  });

  it('words the time on the phone’s clock, in its language', async () => {
    const { musician, song } = await setup({ repeat_rule: 'show' });
    await startShow(app, musician);
    const first = await played(musician, song);
    // 19:05 today in Tokyo (no summer time there): today on the phone's clock, whatever the hour.
    await playedAt(first.id, todayAt(19, 5, TOKYO_OFFSET_HOURS));
    const german = await request(song, {
      'x-time-zone': 'Asia/Tokyo',
      'accept-language': 'de',
    });
    expect(german.statusCode).toBe(409);
    expect(german.json()).toMatchObject({
      detail: 'Dieser Song wurde schon um 19:05 gespielt. Bitte wähle einen anderen.',
    });
    const spanish = await request(song, { 'x-time-zone': 'Asia/Tokyo', 'accept-language': 'es' });
    expect(spanish.json()).toMatchObject({
      detail: 'Esta canción ya sonó a las 19:05. Elige otra canción.',
    });
  });

  it('words the time in UTC, saying so, when the phone sent no zone it knows', async () => {
    const { musician, song } = await setup({ repeat_rule: 'show' });
    await startShow(app, musician);
    const first = await played(musician, song);
    await playedAt(first.id, todayAt(10, 5));
    const zones: Record<string, string>[] = [{}, { 'x-time-zone': 'Mars/Olympus' }];
    for (const headers of zones) {
      const res = await request(song, headers);
      expect(res.json()).toMatchObject({
        detail: 'This song was already played at 10:05 AM UTC. Please choose another song.',
      });
    }
  });

  it('lets the song be asked for again once the show stops', async () => {
    const { musician, song } = await setup({ repeat_rule: 'show' });
    await startShow(app, musician);
    await played(musician, song);
    expect((await request(song)).statusCode).toBe(409);
    const stop = await app.inject({
      method: 'POST',
      url: '/api/shows/stop',
      headers: musician.auth,
    });
    expect(stop.statusCode).toBe(200);
    expect((await publicSongs(musician)).find((s) => s.id === song.id)!.played_at).toBeUndefined();
    expect((await request(song)).statusCode).toBe(201);
  });

  it('holds back nothing played with no show running', async () => {
    const { musician, song } = await setup({ repeat_rule: 'show' });
    await played(musician, song);
    expect((await request(song)).statusCode).toBe(201);
  });

  it('leaves a +1 on a waiting request alone, and says "coming up" for Up Next', async () => {
    const { musician, song } = await setup({ repeat_rule: 'show' });
    await startShow(app, musician);
    await played(musician, song);
    // The rule was off when it was asked for again: that request now waits.
    await updateProfile(app, musician, { repeat_rule: 'allow' });
    const waiting = await submitRequest(app, song, { requester_email: 'second@example.com' });
    await updateProfile(app, musician, { repeat_rule: 'show' });
    expect((await request(song, {}, 'third@example.com')).statusCode).toBe(201);

    await setRequestStatus(app, musician, waiting.id, 'up_next');
    const listed = (await publicSongs(musician)).find((s) => s.id === song.id)!;
    expect(listed).toMatchObject({ coming_up: true });
    expect(listed.played_at).toBeUndefined();
    expect((await request(song, {}, 'fourth@example.com')).statusCode).toBe(201);
  });
});

describe('the "hours" rule', () => {
  it('refuses within the hours of the play, takes it after', async () => {
    const { musician, song } = await setup({ repeat_rule: 'hours', repeat_hours: 2 });
    const first = await played(musician, song);
    await playedAt(first.id, new Date(Date.now() - 90 * 60_000));
    expect((await request(song)).statusCode).toBe(409);
    expect((await publicSongs(musician)).find((s) => s.id === song.id)!.played_at).toBeDefined();

    await playedAt(first.id, new Date(Date.now() - 150 * 60_000));
    expect((await publicSongs(musician)).find((s) => s.id === song.id)!.played_at).toBeUndefined();
    expect((await request(song)).statusCode).toBe(201);
  });

  it('names the weekday of a play on another day', async () => {
    const { musician, song } = await setup({ repeat_rule: 'hours', repeat_hours: 72 });
    const first = await played(musician, song);
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    await playedAt(first.id, twoDaysAgo);
    const res = await request(song, { 'x-time-zone': 'UTC' });
    expect(res.statusCode).toBe(409);
    const weekday = twoDaysAgo.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
    expect(res.json<{ detail: string }>().detail).toContain(`played at ${weekday} `);
  });

  it('holds nothing back once the played request is deleted', async () => {
    const { musician, song } = await setup({ repeat_rule: 'hours', repeat_hours: 1 });
    const first = await played(musician, song);
    expect((await request(song)).statusCode).toBe(409);
    await app.inject({
      method: 'DELETE',
      url: `/api/requests/${first.id}`,
      headers: musician.auth,
    });
    expect((await request(song)).statusCode).toBe(201);
  });
});

describe("the repository's submit, which admits and files a request", () => {
  /** The repository's filing, called directly with the musician handed in. */
  async function fileDirectly(musician: TestMusician, song: Song) {
    const filed = await requestsRepository(app.database.kysely).submit({
      musicianId: musician.musician.id,
      songId: song.id,
      requesterName: 'Kim',
      requesterEmail: 'late@example.com',
      dedication: '',
      tipAmount: 0,
      deviceId: '',
      idempotencyKey: null,
      statusTokenHash: randomUUID(),
      source: 'source',
      now: new Date(),
      limits: {
        perRequester: { max: 100, windowMinutes: 60 },
        perMusicianPerMinute: 1000,
        perAddressPerMinute: 400,
        votesPerAddress: 30,
      },
    });
    return filed!;
  }

  it('files nothing for a song of another musician than the one handed in, and names it', async () => {
    const { musician, song } = await setup();
    const stranger = await registerMusician(app);
    // The status token and the source are keyed for the musician handed in: they must own it.
    expect(await fileDirectly(stranger, song)).toEqual({
      outcome: 'owner',
      musicianId: musician.musician.id,
    });
    const list = await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    });
    expect(list.json<{ requests: unknown[] }>().requests).toEqual([]);
  });

  it('is decided under the musician lock, with the filing', async () => {
    const { musician, song, other } = await setup({ repeat_rule: 'hours', repeat_hours: 3 });
    const first = await played(musician, song);

    const refused = await fileDirectly(musician, song);
    expect(refused.outcome).toBe('repeat');
    if (refused.outcome !== 'repeat') return;
    expect(refused.playedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await fileDirectly(musician, other)).outcome).toBe('created');

    // The same played request, out of the rule's hours: filed.
    await playedAt(first.id, new Date(Date.now() - 4 * 3600_000));
    expect((await fileDirectly(musician, song)).outcome).toBe('created');
  });

  it('leaves no rule in a database function or trigger', async () => {
    const { kysely } = app.database;
    const { rows: code } =
      app.database.kind === 'sqlite'
        ? await sql<{ name: string }>`
            SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name`.execute(kysely)
        : await sql<{ name: string }>`
            SELECT p.proname AS name FROM pg_proc p
            JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public'
            UNION ALL
            SELECT tgname FROM pg_trigger WHERE NOT tgisinternal
            ORDER BY name`.execute(kysely);
    expect(code).toEqual([]);
  });
});
