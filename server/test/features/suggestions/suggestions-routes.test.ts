import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import {
  createSong,
  hideSong,
  registerMusician,
  submitSuggestion,
  suggestionPayload,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const list = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/song-suggestions', headers: musician.auth })).json<Suggestion[]>();

const decide = (musician: TestMusician, id: string, status: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/song-suggestions/${id}/status`,
    headers: musician.auth,
    payload: { status },
  });

describe('POST /api/song-suggestions', () => {
  it('stores a trimmed suggestion for the musician of the slug', async () => {
    const musician = await registerMusician(app);
    const created = await submitSuggestion(app, musician, {
      suggested_title: '  Valerie ',
      requester_name: ' Jo ',
      message: undefined,
    });
    expect(created).toEqual({ id: expect.any(String), status: 'pending' });
    expect(await list(musician)).toEqual([
      expect.objectContaining({
        id: created.id,
        suggested_title: 'Valerie',
        suggested_artist: 'Amy Winehouse',
        requester_name: 'Jo',
        requester_email: 'jo@example.com',
        message: '',
        status: 'pending',
      }),
    ]);
  });

  it.each([
    [{ suggested_title: '  ' }, messages.suggestionFieldsRequired],
    [{ suggested_artist: undefined }, messages.suggestionFieldsRequired],
    [{ requester_name: '' }, messages.suggestionFieldsRequired],
    [{ requester_email: 'jo at example' }, messages.emailInvalid],
    [{ requester_email: 'jo @example.com' }, messages.emailInvalid],
  ])('validates %o', async (override, detail) => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/song-suggestions',
      payload: suggestionPayload(musician, override),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('refuses an unknown musician and one who does not take suggestions', async () => {
    const musician = await registerMusician(app);
    await app.database.kysely
      .insertInto('designSettings')
      .values({ musicianId: musician.musician.id, allowSongSuggestions: false })
      .execute();
    const payload = {
      suggested_title: 'A',
      suggested_artist: 'B',
      requester_name: 'C',
      requester_email: 'c@d.co',
    };
    const off = await app.inject({
      method: 'POST',
      url: '/api/song-suggestions',
      payload: { ...payload, musician_slug: musician.musician.slug },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ detail: messages.suggestionsDisabled });

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/song-suggestions',
      payload: { ...payload, musician_slug: 'nobody-here' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.musicianNotFound });
    await app.database.kysely
      .deleteFrom('designSettings')
      .where('musicianId', '=', musician.musician.id)
      .execute();
  });

  it('creates nothing new on a retry with the same Idempotency-Key', async () => {
    const musician = await registerMusician(app);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/song-suggestions',
        headers: { 'idempotency-key': 'suggest-1' },
        payload: {
          musician_slug: musician.musician.slug,
          suggested_title: 'A',
          suggested_artist: 'B',
          requester_name: 'C',
          requester_email: 'c@d.co',
        },
      });
    const first = await send();
    const retry = await send();
    expect(retry.json()).toEqual(first.json());
    expect(await list(musician)).toHaveLength(1);
  });
});

describe('musician suggestion routes', () => {
  it('adding a suggestion puts the song in the repertoire once', async () => {
    const musician = await registerMusician(app);
    const rehab = await createSong(app, musician, { title: 'Rehab', artist: 'Amy Winehouse' });
    // Hidden, so not on the audience's list: a song they can request may not be suggested.
    await hideSong(app, musician, rehab);
    const fresh = await submitSuggestion(app, musician, { suggested_title: 'Valerie' });
    const known = await submitSuggestion(app, musician, { suggested_title: 'rehab ' });

    expect((await decide(musician, fresh.id, 'added')).json()).toMatchObject({
      id: fresh.id,
      status: 'added',
    });
    expect((await decide(musician, known.id, 'added')).json().status).toBe('added');

    const songs = (
      await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth })
    ).json();
    expect(songs.map((song: { title: string }) => song.title)).toEqual(['Rehab', 'Valerie']);
  });

  it('recognises a song already there whatever the case of its accented letters', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician, { title: 'ÉTÉ INDIEN', artist: 'JOE DASSIN' });
    await hideSong(app, musician, song);
    const { id } = await submitSuggestion(app, musician, {
      suggested_title: 'Été indien',
      suggested_artist: 'Joe Dassin',
    });
    await decide(musician, id, 'added');
    const songs = (await app.inject({ url: '/api/songs', headers: musician.auth })).json();
    expect(songs).toHaveLength(1);
  });

  it('acts only on pending suggestions', async () => {
    const musician = await registerMusician(app);
    const { id } = await submitSuggestion(app, musician);
    expect((await decide(musician, id, 'rejected')).json().status).toBe('rejected');
    const again = await decide(musician, id, 'added');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: messages.suggestionAlreadyHandled });
    expect((await decide(musician, id, 'pending')).statusCode).toBe(400);
  });

  it('deletes any suggestion', async () => {
    const musician = await registerMusician(app);
    const { id } = await submitSuggestion(app, musician);
    await decide(musician, id, 'rejected');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/song-suggestions/${id}`,
      headers: musician.auth,
    });
    expect(res.json()).toEqual({ success: true, message: messages.suggestionDeleted });
    expect(await list(musician)).toEqual([]);
  });

  it("answers 404 for another musician's suggestion and needs a token to list", async () => {
    const owner = await registerMusician(app);
    const intruder = await registerMusician(app);
    const { id } = await submitSuggestion(app, owner);
    expect((await decide(intruder, id, 'added')).statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/song-suggestions/${id}`,
      headers: intruder.auth,
    });
    expect(del.statusCode).toBe(404);
    expect(await list(intruder)).toEqual([]);
    expect((await list(owner))[0]!.status).toBe('pending');
    expect((await app.inject({ url: '/api/song-suggestions' })).statusCode).toBe(401);
  });
});
