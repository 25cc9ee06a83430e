import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';
import {
  activatePlaylist,
  createPlaylist,
  createSong,
  hideSong,
  registerMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

/** Titles the audience sees for a query string, in the order given. */
async function titles(musician: TestMusician, query = ''): Promise<string[]> {
  const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicSong[]>().map((song) => song.title);
}

/** A small repertoire covering every filter: tags, 'none' values, years and accents. */
async function repertoire() {
  const musician = await registerMusician(app);
  const songs = {
    jolene: await createSong(app, musician, {
      title: 'Jolene',
      artist: 'Dolly Parton',
      genres: ['Country'],
      moods: ['Sad'],
      year: 1973,
    }),
    africa: await createSong(app, musician, {
      title: 'Africa',
      artist: 'Toto',
      genres: ['rock', 'Pop'],
      moods: ['Happy'],
      year: 1982,
    }),
    halo: await createSong(app, musician, {
      title: 'Halo',
      artist: 'Beyoncé',
      genres: ['Pop'],
      moods: [],
      year: 2008,
    }),
    untagged: await createSong(app, musician, {
      title: '100% Pure',
      artist: 'Nobody',
      genres: [],
      moods: [],
      year: null,
    }),
    hidden: await createSong(app, musician, {
      title: 'Secret',
      artist: 'Hidden Band',
      genres: ['Metal'],
      moods: ['Angry'],
      year: 1991,
    }),
  };
  await hideSong(app, musician, songs.hidden);
  return { musician, songs };
}

describe('GET /api/musicians/:slug/songs filters', () => {
  it('searches title or artist, ignoring case and accents, % meaning itself', async () => {
    const { musician } = await repertoire();
    expect(await titles(musician, '?search=JOL')).toEqual(['Jolene']);
    expect(await titles(musician, '?search=toto')).toEqual(['Africa']);
    expect(await titles(musician, '?search=beyonce')).toEqual(['Halo']);
    expect(await titles(musician, `?search=${encodeURIComponent('BEYONCÉ')}`)).toEqual(['Halo']);
    expect(await titles(musician, '?search=0%25')).toEqual(['100% Pure']);
    expect(await titles(musician, '?search=secret')).toEqual([]);
    expect((await titles(musician, '?search=')).sort()).toEqual([
      '100% Pure',
      'Africa',
      'Halo',
      'Jolene',
    ]);
  });

  it('filters by genre and mood ignoring case, and by none for untagged songs', async () => {
    const { musician } = await repertoire();
    expect((await titles(musician, '?genre=pop')).sort()).toEqual(['Africa', 'Halo']);
    expect(await titles(musician, '?genre=Rock')).toEqual(['Africa']);
    expect(await titles(musician, '?genre=none')).toEqual(['100% Pure']);
    expect(await titles(musician, '?genre=Metal')).toEqual([]);
    expect(await titles(musician, '?mood=sad')).toEqual(['Jolene']);
    expect((await titles(musician, '?mood=none')).sort()).toEqual(['100% Pure', 'Halo']);
  });

  it('filters by year, decade and none, alone or combined', async () => {
    const { musician } = await repertoire();
    expect(await titles(musician, '?year=1982')).toEqual(['Africa']);
    expect(await titles(musician, '?year=none')).toEqual(['100% Pure']);
    expect(await titles(musician, '?decade=1970s')).toEqual(['Jolene']);
    expect(await titles(musician, '?decade=2000s')).toEqual(['Halo']);
    expect(await titles(musician, '?decade=1990s')).toEqual([]);
    expect(await titles(musician, '?decade=none')).toEqual(['100% Pure']);
    expect(await titles(musician, '?genre=pop&decade=1980s&mood=happy')).toEqual(['Africa']);
    expect(await titles(musician, '?genre=pop&year=1973')).toEqual([]);
  });

  it.each([
    ['?year=1982.5', messages.filterYearInvalid],
    ['?year=eighties', messages.filterYearInvalid],
    ['?decade=1985s', messages.filterDecadeInvalid],
    ['?decade=80s', messages.filterDecadeInvalid],
  ])('refuses %s with 400', async (query, detail) => {
    const { musician } = await repertoire();
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });
});

describe('GET /api/musicians/:slug/songs and the active playlist', () => {
  it("shows only the active playlist's visible songs, in its order, until all songs again", async () => {
    const { musician, songs } = await repertoire();
    const set = await createPlaylist(app, musician, {
      name: 'Set',
      song_ids: [songs.halo.id, songs.hidden.id, songs.jolene.id],
    });
    await activatePlaylist(app, musician, set.id);

    expect(await titles(musician)).toEqual(['Halo', 'Jolene']);
    expect(await titles(musician, '?genre=pop')).toEqual(['Halo']);

    await activatePlaylist(app, musician, 'all_songs');
    expect(await titles(musician)).toHaveLength(4);
    expect(await titles(musician, '?playlist=all_songs')).toHaveLength(4);
  });

  // The active playlist is what the audience may request: All Songs is not theirs to see then.
  it('answers 404 to all_songs while a playlist is active', async () => {
    const { musician, songs } = await repertoire();
    const set = await createPlaylist(app, musician, { song_ids: [songs.halo.id] });
    await activatePlaylist(app, musician, set.id);

    const res = await app.inject({
      url: `/api/musicians/${musician.musician.slug}/songs?playlist=all_songs`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.playlistNotFound });
  });

  it('shows all songs again when the active playlist goes private or is deleted', async () => {
    const { musician, songs } = await repertoire();
    const set = await createPlaylist(app, musician, { song_ids: [songs.africa.id] });
    await activatePlaylist(app, musician, set.id);
    expect(await titles(musician)).toEqual(['Africa']);

    await app.inject({
      method: 'PUT',
      url: `/api/playlists/${set.id}/visibility`,
      headers: musician.auth,
      payload: { is_public: false },
    });
    expect(await titles(musician)).toHaveLength(4);

    const other = await createPlaylist(app, musician, { song_ids: [songs.jolene.id] });
    await activatePlaylist(app, musician, other.id);
    expect(await titles(musician)).toEqual(['Jolene']);
    await app.inject({
      method: 'DELETE',
      url: `/api/playlists/${other.id}`,
      headers: musician.auth,
    });
    expect(await titles(musician)).toHaveLength(4);
  });

  it('follows a public playlist asked for by id, and 404s on private or foreign ones', async () => {
    const { musician, songs } = await repertoire();
    const stranger = await registerMusician(app);
    const shown = await createPlaylist(app, musician, {
      song_ids: [songs.jolene.id, songs.africa.id],
    });
    await app.inject({
      method: 'PUT',
      url: `/api/playlists/${shown.id}/visibility`,
      headers: musician.auth,
      payload: { is_public: true },
    });
    const hidden = await createPlaylist(app, musician, { song_ids: [songs.halo.id] });
    const foreign = await createPlaylist(app, stranger);
    await activatePlaylist(app, stranger, foreign.id);

    expect(await titles(musician, `?playlist=${shown.id}`)).toEqual(['Jolene', 'Africa']);
    expect(await titles(musician, `?playlist=${shown.id}&search=toto`)).toEqual(['Africa']);
    for (const id of [hidden.id, foreign.id, 'not-an-id']) {
      const res = await app.inject({
        url: `/api/musicians/${musician.musician.slug}/songs?playlist=${id}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.playlistNotFound });
    }
  });
});

describe('GET /api/musicians/:slug/playlists', () => {
  it('lists public playlists only, counting the songs the audience can see', async () => {
    const { musician, songs } = await repertoire();
    const open = await createPlaylist(app, musician, {
      name: 'Open',
      song_ids: [songs.halo.id, songs.hidden.id],
    });
    await app.inject({
      method: 'PUT',
      url: `/api/playlists/${open.id}/visibility`,
      headers: musician.auth,
      payload: { is_public: true },
    });
    await createPlaylist(app, musician, { name: 'Private', song_ids: [songs.halo.id] });
    const live = await createPlaylist(app, musician, { name: 'Live' });
    await activatePlaylist(app, musician, live.id);

    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/playlists` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: open.id, name: 'Open', song_count: 1, is_active: false },
      { id: live.id, name: 'Live', song_count: 0, is_active: true },
    ]);
  });

  it('answers 404 for an unknown musician', async () => {
    for (const path of ['playlists', 'filters']) {
      const res = await app.inject({ url: `/api/musicians/no-such-musician/${path}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.musicianNotFound });
    }
  });
});

describe('GET /api/musicians/:slug/filters', () => {
  it('offers the sorted genres, moods, years and decades of visible songs', async () => {
    const { musician } = await repertoire();
    await createSong(app, musician, {
      title: 'Roxanne',
      artist: 'The Police',
      genres: ['Rock'],
      moods: ['sad'],
      year: 1978,
    });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/filters` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      genres: ['Country', 'Pop', 'rock'],
      moods: ['Happy', 'Sad'],
      years: [1973, 1978, 1982, 2008],
      decades: ['1970s', '1980s', '2000s'],
    });
  });

  it("offers only the active playlist's values while one is active", async () => {
    const { musician, songs } = await repertoire();
    const set = await createPlaylist(app, musician, {
      song_ids: [songs.jolene.id, songs.hidden.id],
    });
    await activatePlaylist(app, musician, set.id);

    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/filters` });
    expect(res.json()).toEqual({
      genres: ['Country'],
      moods: ['Sad'],
      years: [1973],
      decades: ['1970s'],
    });
  });

  it('is empty for a musician without songs', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/filters` });
    expect(res.json()).toEqual({ genres: [], moods: [], years: [], decades: [] });
  });
});
